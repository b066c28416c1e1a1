import ImgSitePlanning
import Mustache

// What each template receives: the contract a site's own templates rely on.
// docs/templates.md lists every field; `TemplateDocsTests` checks that list
// against these types. A nil optional renders as absent (`{{#caption}}` is
// skipped), and a name missing here is looked up in the enclosing context, as
// Mustache does.

/// A page template's context (`index`, `album`, `photo`): the fields every
/// page has, then its own.
struct PageContext<Content: MustacheParent>: MustacheParent {
    var common: PageCommon
    var content: Content

    func child(named name: String) -> Any? {
        content.child(named: name) ?? common.child(named: name)
    }
}

/// What every page template receives, and the `base` layout they extend.
struct PageCommon {
    var siteTitle: String
    /// "../" once per folder level: the way back to the site's root.
    var root: String
    /// The album's or photo's title; nil on the root page.
    var pageTitle: String?
    var breadcrumbs: [LinkContext]
    var hasBreadcrumbs: Bool
    /// Share tags' data; nil without `base_url`.
    var share: ShareContext?
    /// On a private album's pages: the way back to its address ("../"),
    /// where its unlock page is; the layout offers to forget the password.
    var privateHome: String?
    /// The site's language tag (`<html lang>`), whether it is written right
    /// to left (`dir="rtl"`), and the theme's words in it (`{{words.slideshow}}`).
    var language: String
    var rightToLeft: Bool
    var words: Words
}

struct LinkContext {
    var title: String
    var href: String
    /// The link's text: the title, with an arrow for previous and next ("← Storm").
    var label: String
}

/// `index` and `album`: sub-album cards (first page only), the justified
/// rows of photos, and the pager.
/// The front page's hero: its cover photo, a link to that photo's page.
struct HeroContext {
    var href: String
    /// The photo's width / height: its box is at least this wide a shape (a panorama is shown whole).
    var aspect: String
    var picture: PictureContext
}

struct AlbumContent {
    /// The front page's hero, when the top folder's `album.yml` names a cover.
    var hero: HeroContext?
    var albums: [AlbumCard]
    var hasAlbums: Bool
    /// The card grid's columns on wide screens: as many as it has cards
    /// (two at least, four at most), so a few cards span the width.
    var cardColumns: Int
    var photos: [GridPhoto]
    var hasPhotos: Bool
    var pages: [PagerLink]
    var hasPages: Bool
    var photoCount: Int
    var singular: Bool
    /// "10 photos", or "3 albums, 10 photos": its photos and sub-albums', as its card says.
    var countText: String
    /// The album's description from its `album.yml`, as HTML made safe
    /// (`SafeMarkdown`): written with `{{{description}}}`.
    var description: String?
    /// Whether the story is long: folded after a few lines on narrow screens (a link unfolds it).
    var longStory: Bool
    /// Whether a long story stands beside the photos on wide screens (an album with photos).
    var storyBeside: Bool
    /// Its zip of downloads (`album_zip`), on its first page.
    var download: DownloadContext?
}

struct AlbumCard {
    var title: String
    var href: String
    var count: Int
    /// Whether `count` is 1.
    var singular: Bool
    /// "10 photos", or "3 albums, 10 photos", as its own page says.
    var countText: String
    /// The cover; nil for an album without photos of its own or below.
    var picture: PictureContext?
    /// A private album's card (`listed: true`): a lock, no cover.
    var locked = false
}

/// `unlock`: a private album's password form. Its lock, which the script
/// derives the album's keys with (`AlbumKeys`).
struct UnlockContent {
    /// The salt, base64.
    var salt: String
    /// PBKDF2-HMAC-SHA256 rounds.
    var rounds: Int
}

struct GridPhoto {
    var href: String
    var title: String
    var aspect: String
    var picture: PictureContext
    /// The photo whose arrival lets the page paint (`SiteRenderer.settlingPhoto`).
    var settles: Bool
    /// A clip's length ("0:07"): its card shows a play mark with it.
    var duration: String?
}

struct PagerLink {
    var number: Int
    var href: String
    var current: Bool
}

/// `photo`: the large view, its texts, and previous/next in album order.
struct PhotoContent {
    var picture: PictureContext
    /// The figure's style: the photo's widths below and beside its caption (`PictureBuilder.LargeView`).
    var widths: String
    /// A clip's player, shown in the picture's place (its poster is the picture's file).
    var video: VideoContext?
    /// A Live Photo's motion (`live_photos: motion`), played in the
    /// picture's place by the page's script unless motion is reduced.
    var motion: VideoContext?
    /// The next page's picture, which the page's script preloads.
    var nextPicture: PictureContext?
    var caption: String?
    var captureDate: String?
    var captureDateText: String?
    var credit: String?
    var details: [DetailContext]
    var hasDetails: Bool
    /// What the page offers to download (`downloads:`).
    var download: DownloadContext?
    var previous: LinkContext?
    var next: LinkContext?
    var nextPage: String?
    var albumHref: String
    var albumTitle: String
}

/// A clip's `<video>`: its poster, its size on the page (the picture's, so
/// nothing moves when it loads) and its files, each with its type and the
/// screens it is for (`VideoSources`).
struct VideoContext {
    var poster: String
    var width: Int
    var height: Int
    var style: String
    var label: String
    var duration: String
    var sources: [VideoSourceContext]
}

struct VideoSourceContext {
    var src: String
    var type: String
    var media: String?
}

struct DetailContext {
    var label: String
    var value: String
}

/// `partials/picture`: one `<picture>` with its sources and `<img>`.
struct PictureContext {
    var sources: [SourceContext]
    var src: String
    var srcset: String
    var sizes: String
    var width: Int
    var height: Int
    var alt: String
    var lazy: Bool
    var style: String
    var clearsPlaceholder: Bool
    /// `data-thumbhash`, `data-blurhash` or `data-grid` and its hash, for apps that decode it.
    var placeholderData: AttributeContext?
}

struct SourceContext {
    var media: String?
    var type: String
    var srcset: String
    var sizes: String
}

struct AttributeContext {
    var name: String
    var value: String
}

/// Open Graph and Twitter card data of a page (`base_url` set).
struct ShareContext {
    var url: String
    var title: String
    var feedURL: String
    var image: ShareImage?
}

struct ShareImage {
    var url: String
    var width: Int
    var height: Int
    /// Nil in the feed, whose entry carries its own `alt`.
    var alt: String?
}

/// `feed.xml`: the newest photos as an Atom feed.
struct FeedContext {
    var siteTitle: String
    var url: String
    var feedURL: String
    var updated: String
    var entries: [FeedEntry]
}

struct FeedEntry {
    var title: String
    var link: String
    var alt: String
    var updated: String
    var caption: String?
    var image: ShareImage?
}

/// `sitemap.xml`: every page's address.
struct SitemapContext {
    struct Address {
        var url: String
    }

    var urls: [Address]
}

/// `style.css`: the theme's geometry (`ThemeLayout`), so the CSS and the
/// `sizes` attributes cannot drift apart.
/// From `minViewport` up, a grid of `cards` cards (class `cards-N`) stays at that many columns.
struct CardCap {
    var minViewport: Int
    var cards: Int
}

/// From `minViewport` up, the hero's box is at least `aspect` (width / height).
struct HeroBand {
    var minViewport: Int
    var aspect: String
}

struct StylesheetContext {
    var contentMaxWidth: Int
    var pagePadding: Int
    var gap: Int
    var cellAspect: String
    var firstColumns: Int
    var breakpoints: [ThemeLayout.Breakpoint]
    var cardCaps: [CardCap]
    var storyViewport: Int
    var storyColumn: Int
    var storyGap: Int
    /// Where the photo page's caption sits beside the photo (`ThemeLayout.captionMedia`), and its column.
    var captionMedia: String
    var captionColumn: Int
    var captionGap: Int
    var heroAspect: String
    var heroGap: Int
    var heroBands: [HeroBand]
    var rowGap: String
    var firstRowHeight: Double
    var rowBands: [ThemeLayout.RowBand]
    /// The accent on the light and dark schemes' pages (`theme.accent`, made to read at 4.5:1: `Palette`).
    var accent: String
    var accentDark: String
    /// The photo page's backdrop (`theme.backdrop`); absent: the scheme's page.
    var backdrop: BackdropContext?
}

/// The photo page's backdrop, and the text, quieter text and accent that read on it.
struct BackdropContext {
    var color: String
    var text: String
    var muted: String
    var accent: String
}

/// `photo.js`: the slideshow's pace.
struct ScriptContext {
    /// Milliseconds each photo stays in the slideshow.
    var slideshowMilliseconds = 5000
}
