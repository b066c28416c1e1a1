@testable import ImgSiteCore
@testable import ImgSitePlanning
import Testing

@Suite struct ShrinkOnLoadTests {
    @Test("the largest DCT factor that stays 15 % above the target, libjpeg rounding up", arguments: [
        (1920, 800, 2), (1800, 800, 1), (1838, 800, 1), (1839, 800, 2), (2560, 800, 2), (3200, 800, 2),
        (3680, 800, 4), (6400, 800, 4), (12_000, 800, 8), (800, 800, 1), (640, 800, 1), (1601, 801, 1), (7353, 800, 8),
    ])
    func factor(_ source: Int, _ target: Int, _ expected: Int) {
        let factor = ShrinkOnLoad.jpegFactor(sourceWidth: source, targetWidth: target)
        #expect(factor == expected)
        #expect((source + factor - 1) / factor >= min(target, source), "never below the target")
        if factor < 8 {
            #expect((source + 2 * factor - 1) / (2 * factor) * 100 < target * ShrinkOnLoad.margin, "the next factor would leave too little margin")
        }
    }
}
