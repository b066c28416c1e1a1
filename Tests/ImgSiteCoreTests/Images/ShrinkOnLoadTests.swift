@testable import ImgSiteCore
import Testing

@Suite struct ShrinkOnLoadTests {
    @Test("the largest DCT factor that stays at or above the target, libjpeg rounding up", arguments: [
        (1920, 800, 2), (1800, 800, 2), (1598, 800, 1), (1599, 800, 2), (2560, 800, 2), (3200, 800, 4),
        (6400, 800, 8), (12_000, 800, 8), (800, 800, 1), (640, 800, 1), (1601, 801, 2), (2401, 800, 2),
    ])
    func factor(_ source: Int, _ target: Int, _ expected: Int) {
        let factor = ShrinkOnLoad.jpegFactor(sourceWidth: source, targetWidth: target)
        #expect(factor == expected)
        #expect((source + factor - 1) / factor >= min(target, source), "never below the target")
    }
}
