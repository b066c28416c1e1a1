import Yams

/// Where something is in a YAML file: line and column from 1, as editors
/// count them, so a message can name `file:line:column`.
package struct YAMLPlace: Sendable, Equatable {
    package var line: Int
    package var column: Int

    package init(line: Int, column: Int) {
        (self.line, self.column) = (line, column)
    }

    package init(_ mark: Mark) {
        self.init(line: mark.line, column: mark.column)
    }

    /// Where a node starts: a key's name, a value's first character.
    package init?(_ node: Node) {
        guard let mark = node.mark else { return nil }
        self.init(mark)
    }

    /// "imgsite.yml:3:9", or the file alone when the place is unknown.
    package static func location(_ file: String, _ place: YAMLPlace?) -> String {
        place.map { "\(file):\($0.line):\($0.column)" } ?? file
    }
}

extension YamlError {
    /// Where the mistake is, and what it is. libyaml notices an unclosed
    /// bracket or quote only where the text ends; the mistake is where it
    /// opened, which its context names, so that is the place given.
    package var mistake: (place: YAMLPlace?, problem: String) {
        switch self {
        case let .scanner(context, problem, mark, _), let .parser(context, problem, mark, _), let .composer(context, problem, mark, _):
            if let context, problem.contains("end of stream") || problem.hasPrefix("did not find expected") {
                return (YAMLPlace(context.mark), "\(problem) (\(context.text) that starts here)")
            }
            return (YAMLPlace(mark), problem)
        case let .duplicatedKeysInMapping(duplicates, context):
            return (YAMLPlace(context.mark), "\(duplicates.map { "'\($0)'" }.joined(separator: ", ")) given more than once")
        default:
            return (nil, "\(self)")
        }
    }
}
