internal import CVips
internal import CVipsShim
import Foundation

/// A libvips failure: which operation, on which file, and libvips' message.
public struct VipsError: Error, CustomStringConvertible, Sendable {
    /// The libvips call or step that failed, e.g. "thumbnail".
    public let operation: String
    /// The file the operation worked on, when there is one.
    public let path: String?
    /// libvips' own message, condensed to its meaningful lines.
    public let message: String

    public init(operation: String, path: String? = nil, message: String) {
        self.operation = operation
        self.path = path
        self.message = message
    }

    public var description: String {
        "\(operation)\(path.map { " \($0)" } ?? ""): \(message)"
    }

    /// From the text captured on the failing thread. A call whose failure was
    /// raised on a libvips worker thread (an encoder writing in the
    /// background) has none; what libvips' shared buffer gained during the
    /// call is the only source then (never what earlier calls left there).
    /// Without per-thread errors (`IMGSITE_NATIVE=off`, or a libvips whose
    /// calls do not reach the interposer) the capture holds warnings only,
    /// and the errors come from that buffer too.
    init(operation: String, path: String?, captured: String?) {
        var text = captured ?? ""
        if text.isEmpty || imgsite_messages_interposed() == 0, let shared = imgsite_messages_shared() {
            text = String(cString: shared) + text
            g_free(shared)
        }
        self.init(operation: operation, path: path, message: Self.condense(text, path: path))
    }

    /// libvips repeats the file name and adds one line per failed tile;
    /// keep distinct lines without the path so one reason reads as one line.
    static func condense(_ text: String, path: String?) -> String {
        var seen = Set<String>()
        var lines: [String] = []
        for raw in text.split(separator: "\n") {
            var line = raw.trimmingCharacters(in: .whitespaces)
            if let path { line = line.replacingOccurrences(of: "\"\(path)\" ", with: "") }
            if let path { line = line.replacingOccurrences(of: path, with: "file") }
            guard !line.isEmpty, !line.hasPrefix("error in tile"), seen.insert(line).inserted else { continue }
            lines.append(line)
        }
        return lines.isEmpty ? "unknown libvips error" : lines.joined(separator: "; ")
    }
}

extension VipsError {
    /// The message of a `VipsError`, or the description of any other error.
    public static func reason(_ error: any Error) -> String {
        (error as? VipsError)?.message ?? "\(error)"
    }
}
