@testable import ImgSiteCore
@testable import ImgSitePlanning
import Testing

@Suite struct CompactCSSTests {
    @Test("comments and indentation go; strings, escapes and every rule stay")
    func compact() {
        let css = """
            /* The theme's note. */
            .crumb::before { content: "/" / ""; }
              .a { content: "/* kept */"; } /* gone */
            .b { content: 'it\\'s /* kept */'; }

            /* unclosed
            .c { color: red; }
            """
        #expect(CompactCSS.compact(css) == """
            .crumb::before { content: "/" / ""; }
            .a { content: "/* kept */"; }
            .b { content: 'it\\'s /* kept */'; }

            """)
    }

    @Test("the built-in stylesheet loses a third of its bytes and no rule")
    func builtIn() throws {
        let build = try TestBuild.run(input: try AlbumFileSiteTests.library())
        let css = try AlbumFileSiteTests.page(build, "_assets/style.css")
        #expect(!css.contains("/*") && css.filter { $0 == "{" }.count == css.filter { $0 == "}" }.count)
        let template = try #require(DefaultTheme.files["style.css"])
        #expect(Double(css.utf8.count) < 0.75 * Double(template.utf8.count), "\(css.utf8.count) of \(template.utf8.count) bytes")
    }
}
