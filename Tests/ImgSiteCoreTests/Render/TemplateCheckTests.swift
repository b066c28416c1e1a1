import Foundation
@testable import ImgSiteCore
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

    @Test("a parse failure names the file, line and column, and says what is wrong in words", arguments: [
        ("{{<base}}\n{{$content}}\n<p>x</p>\n{{/contents}}\n{{/base}}\n", "templates/album.mustache:4:", "section 'contents' is closed but was never opened"),
        ("<p>{{title</p>\n", "templates/album.mustache:1:", "a tag is not finished"),
        ("{{#photos}}\n<p>{{title}}</p>\n", "templates/album.mustache:", "opened and never closed"),
    ])
    func parseFailure(text: String, location: String, words: String) throws {
        let error = try #require(try Self.load(["album.mustache": text]).error)
        #expect(error.path.hasPrefix(location) && error.reason.contains(words), "\(error)")
        #expect(!"\(error)".contains("ParserError") && !"\(error)".contains("Context("), "\(error)")
    }

    @Test("a variable no template is given is a warning naming the template and the variable, once; known ones are not")
    func unknownVariable() throws {
        let text = "{{<base}}{{$content}}<p>{{captoin}} {{captoin}} {{caption}} {{#details}}{{label}}{{/details}} {{siteTitle}}</p>{{/content}}{{/base}}"
        let (warnings, error) = try Self.load(["photo.mustache": text, "partials/extra.mustache": "{{{picture.html}}} {{nonsense.x}}"])
        #expect(error == nil)
        #expect(warnings.map(\.description).sorted() == [
            "templates/partials/extra.mustache: {{nonsense}} is not a variable imgsite gives its templates; it renders empty",
            "templates/photo.mustache: {{captoin}} is not a variable imgsite gives its templates; it renders empty",
        ])
        #expect(try Self.load([:]).warnings.isEmpty)
    }
}
