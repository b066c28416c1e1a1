import Foundation
import Synchronization
@testable import Vips
import Testing

/// libvips has one error buffer for the whole process; each failing call
/// must still report its own message while other threads fail at the same time.
@Suite struct VipsMessageTests {
    init() throws { try Vips.start() }

    /// apt's libvips (and the bundle's) reaches imgsite's vips_error; another
    /// loaded with IMGSITE_LIBVIPS may not (PyPI's), and reads its buffer.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["IMGSITE_LIBVIPS"] == nil, "another libvips may not reach imgsite's vips_error"))
    func errorsAreCapturedPerThread() {
        // A native path: IMGSITE_NATIVE=off reads libvips' shared buffer, under a lock.
        #expect(Vips.capturesMessagesPerThread == !Native.forcedOff, "the shim's vips_error must interpose libvips' own")
    }

    /// In both modes: captured per thread, or (IMGSITE_NATIVE=off, or a
    /// libvips whose calls do not reach imgsite's vips_error) read from
    /// libvips' one shared buffer by a failed call run again alone.
    @Test("concurrent failures each carry exactly their own reason, never another thread's")
    func concurrentFailuresAreIsolated() throws {
        let bad = VipsImageTests.corpus.appendingPathComponent("bad")
        // A missing file names itself; a text file and a corrupt JPEG fail
        // with their own, different reasons.
        let cases: [(path: String, mustContain: String, mustNotContain: [String])] = [
            ("/nonexistent/a.jpg", "does not exist", ["Premature", "not a known"]),
            (bad.appendingPathComponent("not-an-image.jpg").path, "not a known file format", ["does not exist", "Premature"]),
            (bad.appendingPathComponent("corrupted.jpg").path, "VipsJpeg", ["does not exist", "not a known"]),
        ]
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            defer { Vips.endThread() }
            for round in 0..<60 {
                let item = cases[(worker + round) % cases.count]
                do throws(VipsError) {
                    _ = try Vips.withOwnMessages { () throws(VipsError) in
                        try VipsImage.thumbnail(of: item.path, width: 64, failOn: .warning, toSRGB: false).materialized()
                    }
                    failures.withLock { $0.append("\(item.path): no error") }
                } catch {
                    let message = error.message
                    if !message.contains(item.mustContain) || item.mustNotContain.contains(where: message.contains) {
                        failures.withLock { $0.append("\(item.path): \(message)") }
                    }
                }
            }
        }
        #expect(failures.withLock { $0 }.isEmpty, "\(failures.withLock { $0.prefix(5) })")
    }

    @Test("a failure read from libvips' shared buffer never carries an earlier call's message")
    func sharedBufferHoldsNoOldMessage() throws {
        let text = VipsImageTests.corpus.appendingPathComponent("bad/not-an-image.jpg").path
        // Captured on this thread, and kept by libvips in its shared buffer too.
        #expect(throws: VipsError.self) { try VipsImage.header(of: text) }
        // A later failure raised only on libvips' worker threads has nothing
        // captured: it reads the shared buffer, where the old text must not be.
        let later = VipsError(operation: "later", path: nil, captured: nil)
        #expect(!later.message.contains("not a known file format"), "\(later.message)")
    }

    @Test("a libpng failure whose only reason is a warning still says why")
    func warningIsTheReason() throws {
        let broken = VipsImageTests.corpus.appendingPathComponent("bad/broken.png").path
        do throws(VipsError) {
            _ = try VipsImage.thumbnail(of: broken, width: 64, failOn: .warning, toSRGB: false).materialized()
            Issue.record("broken.png decoded")
        } catch {
            #expect(error.message != "unknown libvips error", "\(error)")
        }
    }
}
