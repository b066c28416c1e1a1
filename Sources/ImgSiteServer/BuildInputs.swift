import Foundation
import ImgSiteCore
import ImgSitePlanning

/// Which changed paths can change the site: what a build reads (photos,
/// their caption files, the config file, the templates and the words'
/// `strings.yml`) and folders (an
/// album added, renamed or removed). Anything else in a watched folder
/// (`notes.md`, an editor's backup, a `.psd`) starts no rebuild.
struct BuildInputs: Sendable {
    let templates: String
    let config: String

    init(templates: URL, config: URL) {
        self.templates = templates.standardizedFileURL.path
        self.config = config.standardizedFileURL.path
    }

    /// `wasFolder`: the watcher saw it as a folder (a path gone cannot be looked up).
    func areRead(_ path: String, wasFolder: Bool = false) -> Bool {
        let name = (path as NSString).lastPathComponent
        if path == config { return true }
        if path.hasPrefix(templates + "/") { return name.hasSuffix(".mustache") || path == templates + "/strings.yml" || isFolder(path) }
        if name.hasPrefix("."), name != NoMedia.name { return false }
        if Scanner.reads(fileAt: path) { return true }
        var folder: ObjCBool = false
        // A folder gone may have been an album, whatever its name ("2024.06
        // Rome"); a file gone that a build does not read (an editor's
        // `4913` or `sedCFbdif`, written and renamed away) changes nothing.
        guard FileManager.default.fileExists(atPath: path, isDirectory: &folder) else { return wasFolder }
        return folder.boolValue
    }

    private func isFolder(_ path: String) -> Bool {
        var folder: ObjCBool = false
        return !FileManager.default.fileExists(atPath: path, isDirectory: &folder) || folder.boolValue
    }
}
