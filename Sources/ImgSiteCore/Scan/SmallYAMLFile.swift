import Yams

/// The YAML of a file beside the photos (a caption file, an album file):
/// its root node, or the reason it cannot be read, for a warning that ends
/// "ignored".
enum SmallYAMLFile {
    static func compose(_ text: String) -> Result<Node?, YAMLProblem> {
        do {
            return .success(try Yams.compose(yaml: text))
        } catch let error as YamlError {
            return .failure(YAMLProblem(reason: "\(error.line.map { "line \($0): " } ?? "")not valid YAML: \(error.problem); ignored"))
        } catch {
            return .failure(YAMLProblem(reason: "not valid YAML: \(error); ignored"))
        }
    }
}

/// Why a small YAML file cannot be read.
struct YAMLProblem: Error {
    var reason: String
}
