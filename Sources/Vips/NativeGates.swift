internal import CVipsShim

/// Which of imgsite's own code paths run here: decided once in Swift from
/// what this process loaded (`Facts`, read from the shim), then handed to
/// C as switches at start (`apply`). C holds the mechanism only; the
/// table is docs/native.md's.
struct NativeGates: Equatable {
    /// The own Lanczos-3 reduce (`reduceh.c`, `reducev.c`).
    var resampler: Bool
    /// libjpeg-turbo's decode and encode, before its self-check.
    var jpegCodec: Bool
    /// liborc's code allocator serialised (`orc.c`).
    var orcLock: Bool
    /// Not a path: libvips' vector code off, as a racy liborc runs without the lock.
    var vectorCodeOff: Bool

    /// What the gates are decided from.
    struct Facts: Equatable {
        /// `IMGSITE_NATIVE=off`.
        var forcedOff: Bool
        /// libvips' major and minor version.
        var libvips: [Int]
        /// libvips' Highway targets (8.15+; 0: built without Highway); nil
        /// for a libvips without the call.
        var builtinTargets: Int64?
        /// liborc's version's numbers, when libvips brought one.
        var liborc: [Int]?
        /// libvips' liborc calls reach this binary's definitions (`orc.c`).
        var orcCallsWrapped: Bool
    }

    /// This process's gates.
    static let here = NativeGates(.loaded)

    /// Hands C its switches: after `vips_init` (the vector switch needs it),
    /// before any image. Until then orc.c locks (the safe side).
    func apply() {
        imgsite_orc_set_locked(orcLock ? 1 : 0)
        if vectorCodeOff { imgsite_vector_code_off() }
    }
}

extension NativeGates {
    /// The gates `facts` call for.
    init(_ facts: Facts) {
        let on = !facts.forcedOff
        jpegCodec = on
        // Measured faster than libvips 8.14's scalar reduce. 8.15 vectorised
        // its own through Highway; one built without Highway (the release
        // bundle's: Debian 12's Highway is too old) reduces in plain C,
        // slower than 8.14 did.
        let scalarReduce = (facts.libvips.first == 8 && (facts.libvips.dropFirst().first ?? 0) < 15) || facts.builtinTargets == 0
        resampler = on && scalarReduce
        // liborc before 0.4.34 races in its code allocator: the lock, or
        // without it libvips' public switch for its vector code (slower, safe).
        orcLock = on && facts.racyOrc && facts.orcCallsWrapped
        vectorCodeOff = facts.racyOrc && !orcLock
    }
}

extension NativeGates.Facts {
    /// A liborc before 0.4.34: it races in its code allocator.
    var racyOrc: Bool { liborc.map { $0.lexicographicallyPrecedes([0, 4, 34]) } ?? false }

    /// This process's: the environment and the libvips and liborc loaded.
    static var loaded: Self {
        // liborc's names resolve only once libvips (which brings it) is loaded.
        imgsite_vips_ensure_loaded()
        let targets = imgsite_vector_builtin_targets()
        return Self(forcedOff: imgsite_native_forced_off() != 0, libvips: numbers(Vips.version) ?? [],
                    builtinTargets: targets < 0 ? nil : targets, liborc: Native.liborcVersion.flatMap(numbers),
                    orcCallsWrapped: imgsite_orc_calls_wrapped() != 0)
    }

    /// "0.4.33" → [0, 4, 33]; nil unless it has at least two numbers.
    static func numbers(_ version: String) -> [Int]? {
        let parts = version.split(separator: ".").prefix(3).map { Int($0.prefix { $0.isNumber }) }
        guard parts.count >= 2, !parts.contains(nil) else { return nil }
        return parts.compactMap { $0 }
    }
}
