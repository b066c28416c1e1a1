import Foundation
@testable import Vips
import Testing

/// The native paths' decision (`NativeGates`) as a table: each libvips,
/// liborc and linking case the release bundle, Debian 12 and a newer
/// distribution meet, and `IMGSITE_NATIVE=off`.
@Suite struct NativeGatesTests {
    typealias Facts = NativeGates.Facts

    static func facts(off: Bool = false, libvips: [Int] = [8, 14, 1], targets: Int64? = nil, liborc: [Int]? = [0, 4, 33],
                      wrapped: Bool = true) -> Facts {
        Facts(forcedOff: off, libvips: libvips, builtinTargets: targets, liborc: liborc, orcCallsWrapped: wrapped)
    }

    @Test("Debian 12 (libvips 8.14, liborc 0.4.33, the hooks linked): every path on, the lock instead of the vector switch")
    func debian12() {
        #expect(NativeGates(Self.facts()) == NativeGates(resampler: true, jpegCodec: true, orcLock: true, vectorCodeOff: false))
    }

    @Test("the hooks not reached: no lock, so libvips' vector code goes off; nothing else moves")
    func unwrapped() {
        #expect(NativeGates(Self.facts(wrapped: false)) == NativeGates(resampler: true, jpegCodec: true, orcLock: false, vectorCodeOff: true))
    }

    @Test("IMGSITE_NATIVE=off: every path off, and a racy liborc still gets the vector switch")
    func forcedOff() {
        #expect(NativeGates(Self.facts(off: true)) == NativeGates(resampler: false, jpegCodec: false, orcLock: false, vectorCodeOff: true))
        #expect(!NativeGates(Self.facts(off: true, liborc: [0, 4, 34])).vectorCodeOff)
    }

    @Test("libvips 8.15+ with Highway reduces vectorised itself; built without it (the bundle's), the own resampler stays")
    func newerLibvips() {
        #expect(!NativeGates(Self.facts(libvips: [8, 18, 7], targets: 0x1F0, liborc: [0, 4, 41])).resampler)
        #expect(NativeGates(Self.facts(libvips: [8, 18, 7], targets: 0, liborc: [0, 4, 41])).resampler)
    }

    @Test("liborc 0.4.34 has the fix, and a libvips without liborc has no vector code: neither lock nor switch")
    func fixedOrc() {
        for liborc in [[0, 4, 34], [0, 5, 0], nil] as [[Int]?] {
            let gates = NativeGates(Self.facts(liborc: liborc))
            #expect(!gates.orcLock && !gates.vectorCodeOff, "\(String(describing: liborc))")
        }
    }

    @Test("versions read as numbers: \"0.4.33\" and \"8.14.1-dirty\", not a lone number or text")
    func versions() {
        #expect(Facts.numbers("0.4.33") == [0, 4, 33])
        #expect(Facts.numbers("8.14.1-dirty") == [8, 14, 1])
        #expect(Facts.numbers("8") == nil && Facts.numbers("x.y") == nil)
    }
}
