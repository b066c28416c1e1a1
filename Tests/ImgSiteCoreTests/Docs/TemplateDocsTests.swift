import Foundation
@testable import ImgSiteCore
@testable import ImgSitePlanning
import Mustache
import Testing

/// docs/templates.md against the template contexts (`TemplateContext.swift`):
/// every field of every type, with its type, and nothing more. The samples
/// fill every optional and list so the walk reaches every type; a field added
/// to a context fails to compile here until the sample (and then the docs)
/// say it.
@Suite struct TemplateDocsTests {
    static let link = LinkContext(title: "Dunes", href: "../index.html", label: "← Dunes")
    static let share = ShareContext(
        url: "https://example.org/a/", title: "A", feedURL: "https://example.org/feed.xml",
        image: ShareImage(url: "https://example.org/a.jpg", width: 1200, height: 800, alt: "Sand"))
    static let common = PageCommon(
        siteTitle: "Gallery", root: "../", pageTitle: "A", breadcrumbs: [link], hasBreadcrumbs: true, share: share, privateHome: "../",
        language: "en", rightToLeft: false, words: .english)
    static let picture = PictureContext(
        sources: [SourceContext(media: "(min-resolution: 2x)", type: "image/webp", srcset: "a.webp 640w", sizes: "100vw")],
        src: "a.jpg", srcset: "a.jpg 640w", sizes: "100vw", width: 640, height: 480, alt: "Sand", lazy: true,
        style: "aspect-ratio: 4 / 3;", clearsPlaceholder: false, placeholderData: AttributeContext(name: "data-thumbhash", value: "x"))
    static let album = AlbumContent(
        hero: HeroContext(href: "a/b.html", aspect: "1.5000", picture: picture),
        albums: [AlbumCard(title: "B", href: "b/index.html", count: 3, singular: false, countText: "3 photos", picture: picture, locked: false)], hasAlbums: true, cardColumns: 2,
        photos: [GridPhoto(href: "a.html", title: "A", aspect: "1.3333", picture: picture, settles: true, duration: "0:07")], hasPhotos: true,
        pages: [PagerLink(number: 1, href: "index.html", current: true)], hasPages: true, photoCount: 1, singular: true, countText: "1 photo",
        description: "<p>A story</p>", longStory: true, storyBeside: true,
        download: DownloadContext(href: "a.zip", fileName: "a.zip", label: "Download 1 photo", size: "zip"))
    static let photo = PhotoContent(
        picture: picture, widths: "--below: 640px; --beside: 600px;",
        video: VideoContext(poster: "a.jpg", width: 640, height: 480, style: "aspect-ratio: 4 / 3;", label: "Sand", duration: "0:07",
                            sources: [VideoSourceContext(src: "a-480p.1.mp4", type: "video/mp4; codecs=\"avc1.64001E\"", media: "(min-width: 600px)")]),
        nextPicture: picture, caption: "c", captureDate: "2008-10-22T16:28:39", captureDateText: "2008-10-22 16:28",
        credit: "Photo: X", details: [DetailContext(label: "Camera", value: "X")], hasDetails: true,
        download: DownloadContext(href: "_img/a-original.1.jpg", fileName: "A.jpg", label: "Download the original", size: "640 × 480, JPEG, 1 KB"),
        previous: link, next: link,
        nextPage: "b.html", albumHref: "index.html", albumTitle: "A")
    static let feed = FeedContext(
        siteTitle: "Gallery", url: "https://example.org/", feedURL: "https://example.org/feed.xml", updated: "1970-01-01T00:00:00Z",
        entries: [FeedEntry(title: "A", link: "https://example.org/a.html", alt: "Sand", updated: "1970-01-01T00:00:00Z", caption: "c",
                            image: ShareImage(url: "https://example.org/a.jpg", width: 1200, height: 800))])
    static let stylesheet = StylesheetContext(
        contentMaxWidth: 1600, pagePadding: 16, gap: 8, cellAspect: "1.33", firstColumns: 2,
        breakpoints: [.init(minViewport: 600, columns: 3)], cardCaps: [CardCap(minViewport: 600, cards: 2)],
        storyViewport: 1000, storyColumn: 300, storyGap: 32,
        captionMedia: "(min-width: 960px) and (orientation: landscape)", captionColumn: 280, captionGap: 24, heroAspect: "1.5000", heroGap: 16,
        heroBands: [HeroBand(minViewport: 720, aspect: "2.4000")], rowGap: "0.60", firstRowHeight: 0.5,
        rowBands: [.init(minViewport: 600, rowHeight: 0.3)], accent: "#0b57d0", accentDark: "#8ab4f8",
        backdrop: BackdropContext(color: "#111111", text: "#f2f2f2", muted: "#a9a9a9", accent: "#8ab4f8"))
    static let sitemap = SitemapContext(urls: [.init(url: "https://example.org/")])
    static var samples: [Any] { [common, album, photo, feed, stylesheet, sitemap, ScriptContext(), UnlockContent(salt: "c2FsdA==", rounds: 600_000)] }

    /// Type name → its fields and their types as docs/templates.md writes them, walking every sample.
    static func types() -> [String: [String: String]] {
        var found: [String: [String: String]] = [:]
        func walk(_ value: Any) {
            let mirror = Mirror(reflecting: value)
            switch mirror.displayStyle {
            case .optional, .collection: mirror.children.forEach { walk($0.value) }
            // Words answer their keys, not their fields (`wordsDocumented`).
            case .struct where !(value is String) && !(value is Words):
                found[shortName(type(of: value))] = Dictionary(uniqueKeysWithValues: mirror.children.map {
                    ($0.label!, shortName(type(of: $0.value)))
                })
                mirror.children.forEach { walk($0.value) }
            default: break
            }
        }
        samples.forEach(walk)
        return found.filter { !$0.value.isEmpty }
    }

    /// `Optional<Array<ImgSiteCore.GridPhoto>>` → `[GridPhoto]?`.
    static func shortName(_ type: Any.Type) -> String {
        var name = String(describing: type)
        for module in ["ImgSiteCore.", "ThemeLayout.", "SitemapContext."] { name = name.replacingOccurrences(of: module, with: "") }
        while let match = name.firstMatch(of: /Optional<([^<>]*)>|Array<([^<>]*)>/) {
            let replacement = match.output.1.map { "\($0)?" } ?? "[\(match.output.2!)]"
            name.replaceSubrange(match.range, with: replacement)
        }
        return name
    }

    /// docs/templates.md's tables: heading type (`### … — \`Type\``) → variable → type.
    static func documented() throws -> [String: [String: String]] {
        var tables: [String: [String: String]] = [:]
        var current: String?
        for line in try DocsTests.text("docs/templates.md").split(separator: "\n") {
            if line.hasPrefix("### ") { current = line.firstMatch(of: /— `(\w+)`$/).map { String($0.output.1) } }
            if let current, let row = line.firstMatch(of: /^\| `(\w+)` \| `([^`]+)` \|/) {
                tables[current, default: [:]][String(row.output.1)] = String(row.output.2)
            }
        }
        return tables
    }

    @Test("docs/templates.md lists every variable of every template context with its type, and no other")
    func everyVariableDocumented() throws {
        let code = Self.types(), docs = try Self.documented()
        #expect(code.count > 15 && code["PictureContext"]?["srcset"] == "String", "\(code.keys.sorted())")
        for (type, fields) in code {
            #expect(docs[type] == fields, "\(type): the code has \(fields.sorted { $0.key < $1.key }), docs/templates.md \(docs[type].map { $0.sorted { $0.key < $1.key } } ?? [])")
        }
        #expect(Set(docs.keys) == Set(code.keys), "documented types the code lacks: \(Set(docs.keys).subtracting(code.keys))")
    }

    @Test("each context answers a template's lookup of every field it holds, nil for an absent one and for other names")
    func lookupsAnswerEveryField() throws {
        var checked = 0
        func walk(_ value: Any) {
            let mirror = Mirror(reflecting: value)
            if mirror.displayStyle == .struct, !(value is Words), let parent = value as? MustacheParent {
                for child in mirror.children {
                    let held: Any? = Mirror(reflecting: child.value).displayStyle == .optional ? Mirror(reflecting: child.value).children.first?.value : child.value
                    let answered = parent.child(named: child.label!)
                    #expect(answered.map { "\($0)" } == held.map { "\($0)" }, "\(type(of: value)).\(child.label!) is answered \(answered as Any), holds \(held as Any)")
                }
                #expect(parent.child(named: "notAField") == nil)
                checked += 1
            }
            mirror.children.forEach { walk($0.value) }
        }
        Self.samples.forEach(walk)
        #expect(checked > 15)
        let page = PageContext(common: PageCommon(siteTitle: "S", root: "", breadcrumbs: [], hasBreadcrumbs: false, language: "en", rightToLeft: false, words: .english), content: Self.album)
        #expect(page.child(named: "siteTitle") as? String == "S" && page.child(named: "photoCount") as? Int == 1)
        #expect(page.child(named: "pageTitle") == nil && page.child(named: "share") == nil, "a nil optional is absent, not a present nil")
    }

    @Test("the names a site's template may use are the template contexts' fields: no false warning, none missed")
    func knownNamesAreTheContexts() {
        let fields = Set(Self.types().values.flatMap(\.keys))
        // Every field is used by a built-in template, so the names those use are the names imgsite gives.
        #expect(DefaultTheme.knownNames == fields.union(Words.keys), "unused by the built-in templates: \(fields.subtracting(DefaultTheme.knownNames)); used but not given: \(DefaultTheme.knownNames.subtracting(fields))")
    }

    @Test("every {{words.…}} of the built-in templates is a key of the words, and docs/templates.md lists every key")
    func wordsDocumented() throws {
        let used = DefaultTheme.files.values.flatMap { $0.matches(of: /words\.(\w+)/).map { String($0.output.1) } }
        #expect(!used.isEmpty && Set(used).isSubset(of: Words.english.texts.keys), "\(Set(used).subtracting(Words.english.texts.keys))")
        #expect(Words.english.child(named: "slideshow") as? String == "Slideshow" && Words.english.child(named: "notAKey") == nil)
        let docs = try DocsTests.text("docs/templates.md")
        for key in Words.keys { #expect(docs.contains("`\(key)`"), "docs/templates.md names the word \(key)") }
    }
}
