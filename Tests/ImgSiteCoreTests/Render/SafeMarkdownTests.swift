@testable import ImgSiteCore
@testable import ImgSitePlanning
import Testing

/// An album's description: the Markdown people write, and nothing that
/// could run in a visitor's browser.
@Suite struct SafeMarkdownTests {
    @Test("paragraphs, headings one level under the page's, lists, emphasis, code and links")
    func markdown() {
        let html = SafeMarkdown.html("Three days of rain and **one of light**.\nOn *Skye*.\n\n## The walk\n- [map](https://example.org/m?a=1&b=2)\n- `dawn`\n  at six\n\nThe end.")
        #expect(html == """
            <p>Three days of rain and <strong>one of light</strong>. On <em>Skye</em>.</p>
            <h3>The walk</h3>
            <ul>
            <li><a href="https://example.org/m?a=1&amp;b=2">map</a></li>
            <li><code>dawn</code> at six</li>
            </ul>
            <p>The end.</p>
            """)
    }

    @Test("raw HTML, comments, script and unsafe links are shown as typed, escaped", arguments: [
        ("<script>alert(1)</script>", "<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>"),
        ("<!-- hidden --> text", "<p>&lt;!-- hidden --&gt; text</p>"),
        ("<img src=x onerror=alert(1)>", "<p>&lt;img src=x onerror=alert(1)&gt;</p>"),
        ("[a](javascript:alert(1))", "<p>[a](javascript:alert(1))</p>"),
        ("[a](JaVaScRiPt:alert(1))", "<p>[a](JaVaScRiPt:alert(1))</p>"),
        ("[a](data:text/html;base64,PHNjcmlwdD4=)", "<p>[a](data:text/html;base64,PHNjcmlwdD4=)</p>"),
        ("[a](vbscript:x)", "<p>[a](vbscript:x)</p>"),
        ("[a](java\tscript:x)", "<p>[a](java\tscript:x)</p>"),
        // A quote cannot leave the attribute: it is a (relative) address, escaped.
        ("[a](\"onmouseover=\"x)", "<p><a href=\"&quot;onmouseover=&quot;x\">a</a></p>"),
        ("[<b>x</b>](https://e.org)", "<p><a href=\"https://e.org\">&lt;b&gt;x&lt;/b&gt;</a></p>"),
        ("`<script>`", "<p><code>&lt;script&gt;</code></p>"),
    ])
    func hostile(markdown: String, html: String) {
        #expect(SafeMarkdown.html(markdown) == html)
    }

    @Test("relative, http(s) and mailto addresses are links; any other scheme is not")
    func addresses() {
        for safe in ["https://e.org", "HTTP://e.org", "mailto:a@e.org", "../trips/index.html", "photo.html#x", "/about/", "?q=a:b"] {
            #expect(SafeMarkdown.isSafe(safe), "\(safe)")
        }
        for unsafe in ["javascript:x", " javascript:x", "data:x", "file:///etc/passwd", "vbscript:x", "ftp://e.org", ""] {
            #expect(!SafeMarkdown.isSafe(unsafe), "\(unsafe)")
        }
    }
}
