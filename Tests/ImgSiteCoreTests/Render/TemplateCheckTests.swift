import Foundation
@testable import ImgSiteCore
@testable import ImgSiteMedia
@testable import ImgSitePlanning
import Testing

/// What a site's own templates are told when something is wrong with them.
@Suite struct TemplateCheckTests {
    static func load(_ files: [String: String]) throws -> (warnings: [BuildError], error: BuildError?) {
        let folder = try Corpus.scratch("templates").appending(path: "templates")
        for (name, text) in files {
            let file = folder.appending(path: name)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
        do {
            return (try DefaultTheme.load(overrides: folder).warnings, nil)
        } catch {
            return ([], error)
        }
    }

    @Test("a parse failure names the file, the line and column where the tag starts, and says what is wrong in words", arguments: [
        ("{{<base}}\n{{$content}}\n<p>x</p>\n{{/contents}}\n{{/base}}\n", "templates/album.mustache:4:1", "{{/contents}} closes a section that was never opened ('content', opened on line 2, is the one open here)"),
        ("<p>{{title</p>\n", "templates/album.mustache:1:", "a tag is not finished"),
        ("{{#photos}}\n<p>{{title}}</p>\n", "templates/album.mustache:1:1", "section 'photos' is opened and never closed ({{/photos}} is missing)"),
        // The section left open is blamed, not the one whose close it swallowed.
        ("{{<base}}\n{{$content}}\n<main>\n<h1>{{title}}</h1>\n<ul>\n  {{#photos}}\n  <li>{{title}}</li>\n</ul>\n{{/content}}\n{{/base}}\n",
         "templates/album.mustache:6:3", "section 'photos' is never closed: {{/content}} on line 9 comes first ({{/photos}} is missing before it)"),
        ("<p>x</p>\n{{/photos}}\n", "templates/album.mustache:2:1", "{{/photos}} closes a section that was never opened"),
    ])
    func parseFailure(text: String, location: String, words: String) throws {
        let error = try #require(try Self.load(["album.mustache": text]).error)
        #expect(error.path.hasPrefix(location) && error.reason.hasPrefix(words), "\(error)")
        #expect(!"\(error)".contains("ParserError") && !"\(error)".contains("Context("), "\(error)")
    }

    @Test("a partial no template is named is a warning, as an unknown variable is; one that exists is not")
    func missingPartial() throws {
        let text = "{{<base}}{{$content}}{{> partials/nosuch}}{{> partials/picture}}{{> partials/mine}}{{/content}}{{/base}}"
        let (warnings, error) = try Self.load(["album.mustache": text, "partials/mine.mustache": "<p>{{title}}</p>"])
        #expect(error == nil)
        #expect(warnings.map(\.description) == [
            "templates/album.mustache: {{> partials/nosuch}} names no template (neither built in nor in the templates folder); it renders empty",
        ])
    }

    @Test("a variable no template is given is a warning naming the template and the variable, once, dotted names by every part; known ones are not")
    func unknownVariable() throws {
        let text = "{{<base}}{{$content}}<p>{{captoin}} {{captoin}} {{caption}} {{#details}}{{label}}{{/details}} {{siteTitle}}</p>{{/content}}{{/base}}"
        let (warnings, error) = try Self.load(["photo.mustache": text, "partials/extra.mustache": "{{{picture.src}}} {{nonsense.x}} {{picture.srcet}} {{picture.srcset}}"])
        #expect(error == nil)
        #expect(warnings.map(\.description).sorted() == [
            "templates/partials/extra.mustache: {{nonsense.x}} is not a variable imgsite gives its templates; it renders empty",
            "templates/partials/extra.mustache: {{picture.srcet}} is not a variable imgsite gives its templates; it renders empty",
            "templates/photo.mustache: {{captoin}} is not a variable imgsite gives its templates; it renders empty",
        ])
        #expect(try Self.load([:]).warnings.isEmpty)
    }
}
