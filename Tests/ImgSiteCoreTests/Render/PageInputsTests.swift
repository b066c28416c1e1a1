import Foundation
@testable import ImgSiteCore
@testable import ImgSitePlanning
import Testing

/// A page's digest is its inputs encoded whole (`PageSpec.digest`, #67 ask
/// 4): every field of a page, changed alone, changes it; a field added to a
/// page without a change here fails the test rather than leaving the page
/// stale; what a page does not show (a neighbour's files) leaves it as it is.
@Suite struct PageInputsTests {
    static let site = "site"

    static func photo(_ name: String, digest: String = "d") -> BuiltAlbum.Photo {
        let (planned, _) = RenderFixture.site(photoNames: [name])
        return BuiltAlbum.Photo(planned: planned.children[0].photos[0], summary: ImageSummary(digest: digest, captureDate: nil))
    }

    static let album = PageSpec.AlbumPage(
        path: "trip/index.html", title: "Trip", depth: 1, breadcrumbs: [.init(title: "Home", href: "../index.html")], pageIndex: 0,
        pageCount: 2, photos: [photo("a.jpg"), photo("b.jpg")], photoCount: 3, countText: "3 photos",
        cards: [.init(title: "Day", href: "day/index.html", count: 1, countText: "1 photo", cover: photo("c.jpg"))], isRoot: false,
        hero: PageSpec.Hero(photo: photo("h.jpg"), page: "trip/h.html"), descriptionHTML: "<p>Story</p>", longStory: false,
        zip: "trip.zip", zipLabel: "Download all 3 photos")

    /// One change to each field of an album page.
    static let albumChanges: [String: @Sendable (inout PageSpec.AlbumPage) -> Void] = [
        "path": { $0.path = "trip/index-2.html" }, "title": { $0.title = "Journey" }, "depth": { $0.depth = 2 },
        "breadcrumbs": { $0.breadcrumbs[0].title = "Start" }, "pageIndex": { $0.pageIndex = 1 }, "pageCount": { $0.pageCount = 3 },
        "photos": { $0.photos = [photo("a.jpg", digest: "e"), photo("b.jpg")] }, "photoCount": { $0.photoCount = 4 },
        "countText": { $0.countText = "4 photos" }, "cards": { $0.cards[0].locked = true }, "isRoot": { $0.isRoot = true },
        "hero": { $0.hero = nil }, "descriptionHTML": { $0.descriptionHTML = nil }, "longStory": { $0.longStory = true },
        "zip": { $0.zip = nil }, "zipLabel": { $0.zipLabel = "Download all" },
    ]

    static let photoPage = PageSpec.PhotoPage(
        path: "trip/a.html", depth: 1, breadcrumbs: [.init(title: "Trip", href: "index.html")], photo: photo("a.jpg"),
        previous: .init(photo("z.jpg")), next: photo("b.jpg"), albumTitle: "Trip")

    static let photoChanges: [String: @Sendable (inout PageSpec.PhotoPage) -> Void] = [
        "path": { $0.path = "trip/a2.html" }, "depth": { $0.depth = 0 }, "breadcrumbs": { $0.breadcrumbs = [] },
        "photo": { $0.photo.title = "A" }, "previous": { $0.previous?.title = "Z" }, "next": { $0.next = photo("b.jpg", digest: "e") },
        "albumTitle": { $0.albumTitle = "Journey" },
    ]

    @Test("each field of an album page and of a photo page, changed alone, changes its digest; every field has a change here")
    func everyField() {
        func check<Page>(_ page: Page, _ changes: [String: @Sendable (inout Page) -> Void], _ spec: (Page) -> PageSpec) {
            let fields = Mirror(reflecting: page).children.compactMap(\.label)
            #expect(Set(fields) == Set(changes.keys), "a field of \(Page.self) without a change in this test: \(Set(fields).symmetricDifference(changes.keys))")
            var digests: Set = [spec(page).digest(site: Self.site)]
            for (field, change) in changes {
                var changed = page
                change(&changed)
                #expect(digests.insert(spec(changed).digest(site: Self.site)).inserted, "\(field): the digest is the same")
            }
        }
        check(Self.album, Self.albumChanges, PageSpec.album)
        check(Self.photoPage, Self.photoChanges, PageSpec.photo)
    }

    @Test("the same inputs give the same digest; the site's seed and the kind of page count; a neighbour's files do not")
    func stable() {
        let page = PageSpec.photo(Self.photoPage)
        #expect(page.digest(site: Self.site) == PageSpec.photo(Self.photoPage).digest(site: Self.site))
        #expect(page.digest(site: Self.site) != page.digest(site: "other templates"))
        #expect(PageSpec.stylesheet.digest(site: Self.site) != PageSpec.script.digest(site: Self.site))
        // The previous photo shows only its title and link: its files changing leaves this page as it is.
        var other = Self.photoPage
        other.previous = .init(Self.photo("z.jpg", digest: "new files"))
        #expect(PageSpec.photo(other).digest(site: Self.site) == page.digest(site: Self.site))
        // Nesting is told apart: one photo of two and two of one are different pages.
        var split = Self.album
        split.photos = [Self.photo("a.jpg")]
        split.cards.append(.init(title: "b", href: "b", count: 1, countText: "", cover: nil))
        #expect(PageSpec.album(split).digest(site: Self.site) != PageSpec.album(Self.album).digest(site: Self.site))
    }
}
