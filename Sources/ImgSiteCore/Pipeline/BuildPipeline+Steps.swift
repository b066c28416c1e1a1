import Foundation

extension BuildPipeline {
    /// Reads the templates: the built-in theme with the site's own over it.
    func loadTemplates(_ state: inout BuildState) throws(BuildError) {
        let (library, digest, warnings) = try DefaultTheme.load(overrides: options.templatesFolder)
        state.theme = (library, digest)
        for warning in warnings { warnAboutSite(&state, path: warning.path, warning.reason) }
    }

    /// A warning about the site rather than one image (a template, a budget,
    /// a setting): its own line and count, apart from the images'.
    func warnAboutSite(_ state: inout BuildState, path: String, _ reason: String) {
        observe(.siteWarning(path: path, reason: reason))
        state.summary.siteWarnings.append("\(path): \(reason)")
    }

    /// A fallback this machine needs (`BuildEvent.note`): said, counted nowhere.
    func note(_ state: inout BuildState, _ text: String) {
        observe(.note(text))
        state.summary.notes.append(text)
    }

    /// Walks the input (the output, cache and template folders are not
    /// albums) while the build database is read on another thread: what was
    /// finished here before (unless `--force`), the files written and the
    /// page digests.
    func scan(_ state: inout BuildState) throws(BuildError) {
        let (store, force) = (state.store, options.force)
        let recorded = Background { () throws -> ([String: JournalEntry], Bool, [String: String]) in
            (force ? [:] : try store.journal(), try store.hasWrittenFiles(), try store.pageDigests())
        }
        let raw: RawHandling = options.config.raw == .skip ? .skip : .preview(previews: options.cacheFolder.appending(path: RawHandling.previewFolder))
        let scanner = Scanner(input: options.input, excluded: [options.output, options.cacheFolder, options.templatesFolder],
                              rules: options.config.excludeRules, raw: raw)
        let album: Album
        do {
            album = try scanner.scan(title: options.config.title).configured(by: options.config.albums)
        } catch {
            throw BuildError(path: options.input.path, "cannot be read: \(error.localizedDescription)")
        }
        state.root = PlannedAlbum.plan(album, outputPath: "")
        for problem in state.root!.fileProblems { warnAboutSite(&state, path: problem.path, problem.reason) }
        for problem in album.heldBack {
            let error = BuildError(path: problem.location, "\(problem.reason); the album is not published until this file can be read")
            observe(.failed(error))
            state.summary.failed.append(error)
        }
        sayWhatIsSkipped(album, into: &state)
        // RAW files this machine cannot read: one line saying how to get libraw.
        let unread = album.allSkipped.filter { $0.kind == .raw && $0.note != nil && $0.note == raw.skipReason }
        if case .preview = raw, let first = unread.first {
            warnAboutSite(&state, path: first.relativePath, "\(unread.count) RAW file\(unread.count == 1 ? "" : "s") skipped: \(RawPreview.unavailable ?? "")")
        }
        (state.journal, state.wroteHereBefore, state.storedDigests) = try buildDatabase(.read, at: options.cacheFolder.path) {
            try recorded.value()
        }
    }

    /// Names each file the scan did not take (under `--verbose`), counts
    /// them for the summary line, and warns of each folder that held files
    /// but shows nothing: a folder of RAW files must not vanish silently.
    private func sayWhatIsSkipped(_ album: Album, into state: inout BuildState) {
        let skipped = album.allSkipped
        guard !skipped.isEmpty else { return }
        state.summary.skipped = skipped
        for file in skipped { observe(.skipped(path: file.relativePath, reason: file.reason)) }
        var albums: Set<String> = []
        func collect(_ album: Album) {
            albums.insert(album.path)
            album.albums.forEach(collect)
        }
        collect(album)
        // Each skipped file's highest folder that is not an album: the one to name.
        let empty = Dictionary(grouping: skipped.filter { !albums.contains($0.folder) }) { file in
            var folder = file.folder
            while let slash = folder.lastIndex(of: "/"), !albums.contains(String(folder[..<slash])) { folder = String(folder[..<slash]) }
            return folder
        }
        for (folder, files) in empty.sorted(by: { $0.key < $1.key }) {
            let raw = files.allSatisfy { $0.kind == .raw } ? "; \(files[0].reason)" : ""
            warnAboutSite(&state, path: folder, "no photos to show, only skipped files (\(SkippedFile.byKind(files)))\(raw)")
        }
    }

    /// Decides the images to make (a shard's, under `--shard`) and removes
    /// temporary files a killed build left (only a build that did not run
    /// to its end can have left any, so a finished one saves the walk).
    func plan(_ state: inout BuildState) throws(BuildError) {
        state.jobs = state.root?.allJobs ?? []
        warnAboutUnknownAlbums(&state)
        if case .shard(let shard) = options.mode { state.jobs = try select(state.jobs, shard: shard) }
        if !state.previousBuildFinished { OutputFolder(root: options.output).removeStrayTemporaries() }
    }

    /// An `albums:` entry that names no album folder is most likely a typo:
    /// its settings would silently apply to nothing.
    private func warnAboutUnknownAlbums(_ state: inout BuildState) {
        guard !options.config.albums.isEmpty else { return }
        let folders = Set(state.jobs.map { ($0.source.relativePath as NSString).deletingLastPathComponent })
        let albums = folders.reduce(into: Set<String>()) { all, folder in
            var path = Substring(folder)
            while !path.isEmpty {
                all.insert(String(path))
                path = path.lastIndex(of: "/").map { path[..<$0] } ?? ""
            }
        }
        let file = options.configFile?.lastPathComponent ?? "imgsite.yml"
        let input = options.input.path
        // An album kept out by `exclude` has no photos in the site, but it is there.
        let excludedHere = { (name: String) in
            options.config.albums[name]!.exclude.contains(name) && FileManager.default.fileExists(atPath: input + "/" + name)
        }
        for name in options.config.albums.keys.sorted() where !albums.contains(name) && !excludedHere(name) {
            let reason = "albums.\(name) names no album with photos in the input; its settings apply to nothing"
            warnAboutSite(&state, path: file, reason)
        }
    }

    /// Removes what earlier builds wrote and this one did not (deleted or
    /// renamed photos, old content hashes). What was written is known from the
    /// build database and the previous manifest; when both are lost, from
    /// imgsite's own file names. Files imgsite never wrote stay. When nothing
    /// changed since a build that ran to its end, there is nothing to remove.
    func prune(_ state: inout BuildState) throws(BuildError) {
        let scanned = Set((state.root?.allJobs ?? []).map(\.source.relativePath))
        let gone = state.journalSources.filter { !scanned.contains($0) || state.summaries[$0] == nil }
        if !gone.isEmpty || !state.summary.failed.isEmpty { state.outputsChanged = true }
        guard state.outputsChanged || !state.previousBuildFinished else { return }
        let folder = OutputFolder(root: options.output)
        let (store, cache, pages, built) = (state.store, options.cacheFolder.path, state.pages, Set(state.summaries.keys))
        let manifest = if case .shard = options.mode { ShardManifest.fileName } else { Manifest.fileName }
        let (current, recorded) = try buildDatabase(.updated, at: cache) {
            try store.forget(sources: Array(gone))
            return (Set(pages).union(try store.variantFiles(of: built)).union([manifest]), try store.writtenFiles())
        }
        var known = recorded
        if !state.wroteHereBefore {
            let listed = Manifest.listedFiles(in: options.output)
            known.formUnion(listed ?? [])
            if listed == nil, FileManager.default.fileExists(atPath: options.output.appending(path: Manifest.fileName).path) {
                warnAboutSite(&state, path: Manifest.fileName,
                    "unreadable, and the build database has no record of this folder; "
                        + "removed the files named like imgsite's that this build did not write")
                known.formUnion(folder.filesNamedLikeOurs())
            }
        }
        let stale = known.subtracting(current)
        state.summary.removed = folder.remove(stale)
        try buildDatabase(.updated, at: cache) {
            try store.recordRemoved(stale)
            try store.recordWriting(current.subtracting(recorded))
        }
    }

    /// Streams `manifest.json` from the build database, one image per line
    /// in site order (albums as planned, photos in natural name order);
    /// skipped when its inputs (every image's digest, the page list) are
    /// unchanged and the file is there.
    func saveManifest(_ state: inout BuildState) throws(BuildError) {
        let summaries = state.summaries
        let sources = (state.root?.allJobs ?? []).map(\.source.relativePath).filter { summaries[$0] != nil }
        let inputs = [ImgSiteVersion.current] + sources.lazy.flatMap { [$0, summaries[$0]!.digest] } + state.pages
        let digest = SourceHash.of(texts: inputs)
        let path = options.output.appending(path: Manifest.fileName).path
        if state.storedDigests[Manifest.fileName] == digest, FileManager.default.fileExists(atPath: path) { return }
        let (store, pages) = (state.store, state.pages)
        try buildDatabase(.written, at: options.cacheFolder.path) { try store.forgetPages([Manifest.fileName]) }
        _ = try state.writer.stream(Manifest.fileName) { handle in
            try Manifest.write(generator: "imgsite \(ImgSiteVersion.current)", pages: pages, to: handle) { line in
                try store.resultJSON(sources, each: line)
            }
        }
        try buildDatabase(.written, at: options.cacheFolder.path) { try store.recordPages([(Manifest.fileName, digest)]) }
    }
}
