@testable import ImgSiteCore
@testable import ImgSitePlanning
import Testing

@Suite struct NamingTests {
    @Test func naturalOrder() {
        let names = ["img10.jpg", "IMG2.jpg", "img1.jpg", "b.jpg", "a 100.jpg", "a 20.jpg", "img02.jpg"]
        #expect(names.sorted(by: NaturalOrder.less) == ["a 20.jpg", "a 100.jpg", "b.jpg", "img1.jpg", "IMG2.jpg", "img02.jpg", "img10.jpg"])
    }

    @Test func slugs() {
        #expect(Slug.make("Été à Paris — 2024!") == "ete-a-paris-2024")
        #expect(Slug.make("<script>alert(1)</script>") == "script-alert-1-script")
        #expect(Slug.make("___") == "")
        #expect(Slug.unique(["A", "a", "", "index", "日本"], fallback: "photo", reserved: ["index"])
                == ["a", "a-2", "photo", "index-2", "photo-2"])
    }

    @Test func titles() {
        #expect(PlannedAlbum.humanTitle("summer_beach-2") == "summer beach 2")
    }
}
