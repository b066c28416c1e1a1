import Foundation
@testable import ImgSiteCore
@testable import ImgSitePlanning
import Testing

/// `theme.accent` and `theme.backdrop`: whatever colours a photographer
/// picks, every text reads at WCAG AA's 4.5:1 on its background.
@Suite struct PaletteTests {
    @Test("any accent and any backdrop: links, quieter text and text at 4.5:1 or more; a readable accent kept as it is")
    func contrast() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            let accent = RGB(UInt8.random(in: 0...255, using: &generator), UInt8.random(in: 0...255, using: &generator),
                             UInt8.random(in: 0...255, using: &generator))
            let backdrop = RGB(UInt8.random(in: 0...255, using: &generator), UInt8.random(in: 0...255, using: &generator),
                               UInt8.random(in: 0...255, using: &generator))
            let palette = Palette(accent: accent, backdrop: backdrop)
            #expect(palette.accentLight.contrast(with: Palette.lightPage) >= 4.5, "\(accent.hex) on white")
            #expect(palette.accentDark.contrast(with: Palette.darkPage) >= 4.5, "\(accent.hex) on the dark page")
            let photoPage = try #require(palette.backdrop)
            #expect(photoPage.text.contrast(with: backdrop) >= 4.5 && photoPage.muted.contrast(with: backdrop) >= 4.5, "\(backdrop.hex)")
            #expect(photoPage.accent.contrast(with: backdrop) >= 4.5, "\(accent.hex) on \(backdrop.hex)")
        }
        let blue = try #require(RGB(hex: "#0b57d0")), orange = try #require(RGB(hex: "#d35400"))
        #expect(Palette(accent: blue).accentLight == blue, "6.4:1 on white already: kept")
        let darker = Palette(accent: orange).accentLight
        #expect(darker != orange && darker.red > darker.green && darker.green > darker.blue, "4.1:1 on white: darkened, still orange (\(darker.hex))")
        #expect(Palette().accentLight.hex == "#0b57d0" && Palette().accentDark.hex == "#8ab4f8")
        #expect(RGB(hex: "#fa0")?.hex == "#ffaa00" && RGB(hex: "orange") == nil && RGB(hex: "#12345") == nil)
    }

    @Test("theme: in imgsite.yml reaches the stylesheet; a colour that is none is refused naming the key")
    func stylesheet() throws {
        let config = try SiteConfig.parse(yaml: "theme: { accent: \"#d35400\", backdrop: \"#111\" }\n", file: "imgsite.yml")
        #expect(config.accent?.hex == "#d35400" && config.backdrop?.hex == "#111111")
        #expect { try SiteConfig.parse(yaml: "theme: { accent: red }\n", file: "imgsite.yml") } throws: { "\($0)".contains("theme.accent") }
        #expect { try SiteConfig.parse(yaml: "theme: { acent: \"#fff\" }\n", file: "imgsite.yml") } throws: { "\($0)".contains("did you mean 'accent'") }

        let input = try Corpus.scratch("input")
        try Corpus.copy([Corpus.photo("nature/Storm.jpg")], into: input, album: "trip")
        let build = try TestBuild.run(input: input, config: config)
        let css = try AlbumFileSiteTests.page(build, "_assets/style.css")
        let palette = Palette(accent: config.accent, backdrop: config.backdrop)
        #expect(css.contains(":root { --accent: \(palette.accentLight.hex);") && css.contains("--accent: \(palette.accentDark.hex);") && css.contains("body:has(figure.photo), .photo:fullscreen, .viewer, .zoom { background: #111111; color: #f2f2f2; }"))
        let plain = try TestBuild.run(input: input)
        let before = try AlbumFileSiteTests.page(plain, "_assets/style.css")
        #expect(before.contains(":root { --accent: #0b57d0;") && !before.contains("body:has(figure.photo), .photo:fullscreen"), "no backdrop unless asked")
    }
}
