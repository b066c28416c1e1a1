import Foundation
@testable import ImgSiteCore
@testable import ImgSiteMedia
@testable import ImgSitePlanning
import Testing
import Vips

/// `make bench-damage` (not in CI): `SilentDamage` on the clean and garbled
/// JPEGs scripts/bench/damage.py made. Prints the false alarms on the clean
/// ones, and for the garbled how many the bytes tell, how many libvips'
/// strict decode does, and how many neither; and the check's time.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["IMGSITE_DAMAGE_BENCH"] != nil, "set IMGSITE_DAMAGE_BENCH=folder (make bench-damage)"))
struct DamageBench {
    @Test func falseAlarmsAndFinds() throws {
        let folder = URL(fileURLWithPath: ProcessInfo.processInfo.environment["IMGSITE_DAMAGE_BENCH"]!)
        try Vips.start(concurrency: 1)
        for kind in ["clean", "garbled"] {
            let files = try FileManager.default.contentsOfDirectory(atPath: folder.appending(path: kind).path).filter { $0.hasSuffix(".jpg") }.sorted()
            var (bytes, said, strict, neither, seconds) = (0, [String](), 0, [String](), 0.0)
            for name in files {
                let path = folder.appending(path: "\(kind)/\(name)").path
                bytes += (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
                let start = ContinuousClock.now
                let problem = SilentDamage.problem(atPath: path, fileSize: 0)
                let took = ContinuousClock.now - start
                seconds += Double(took.components.seconds) + Double(took.components.attoseconds) / 1e18
                if problem != nil { said.append(name); continue }
                if (try? VipsImage.thumbnail(of: path, width: 64, failOn: .warning, toSRGB: false).materialized()) == nil { strict += 1 } else { neither.append(name) }
            }
            print("damage bench, \(kind): \(files.count) JPEGs (\(Bytes.text(bytes))): said by the bytes \(said.count), by libvips' strict decode \(strict), "
                + "by neither \(neither.count); the check took \(String(format: "%.1f", seconds * 1000 / Double(max(files.count, 1)))) ms a file, "
                + "\(String(format: "%.0f", Double(bytes) / 1e6 / max(seconds, 1e-9))) MB/s")
            if kind == "clean" { print("  false alarms: \(said.prefix(20).joined(separator: ", "))") }
            if kind == "garbled" { print("  not found: \(neither.prefix(20).joined(separator: ", "))") }
        }
    }
}
