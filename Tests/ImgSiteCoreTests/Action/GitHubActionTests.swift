import Foundation
import Testing
import Yams

/// `action.yml` (the GitHub Action), checked as GitHub reads it and its
/// shell steps run here as a runner runs them: the runner's environment
/// files (`GITHUB_OUTPUT`, `GITHUB_STEP_SUMMARY`) and folders (`RUNNER_TEMP`)
/// pointing at temporary files, imgsite's debug build standing for the
/// built one.
@Suite struct GitHubActionTests {
    static let action = Corpus.repoRoot.appending(path: "action.yml")
    static let checker = Corpus.repoRoot.appending(path: ".build/test-venv/bin/check-jsonschema")

    /// Runs check-jsonschema with GitHub's or GitLab's schema (`vendor.github-actions`, …) on
    /// `file`: nil when it passes, else what it said; a missing checker is recorded as an issue.
    static func schemaProblems(_ schema: String, _ file: String) throws -> String? {
        guard FileManager.default.isExecutableFile(atPath: checker.path) else {
            Issue.record("check-jsonschema is missing: `make test-deps` installs it into .build/test-venv")
            return nil
        }
        let run = try ChildProcess.run(checker, ["--builtin-schema", schema, file])
        return run.status == 0 ? nil : String(decoding: run.output, as: UTF8.self)
    }

    struct Runner {
        let folder: URL
        /// RUNNER_ARCH: X64 or ARM64.
        var arch = "X64"
        var output: URL { folder.appending(path: "github-output") }
        var summary: URL { folder.appending(path: "step-summary") }
        var temp: URL { folder.appending(path: "runner-temp") }

        init() throws {
            folder = try Corpus.scratch("runner")
            try FileManager.default.createDirectory(at: temp, withIntermediateDirectories: true)
            for file in [output, summary] { try Data().write(to: file) }
        }

        /// Runs `script` of scripts/action/ with the runner's variables and `inputs`, in `workspace`.
        func run(_ script: String, _ inputs: [String: String], in workspace: URL) throws -> ChildProcess.Run {
            var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("GITHUB_") && $0.key != "CI" }
            environment.merge([
                "GITHUB_ACTIONS": "true", "GITHUB_ACTION_PATH": Corpus.repoRoot.path, "GITHUB_OUTPUT": output.path,
                "GITHUB_STEP_SUMMARY": summary.path, "RUNNER_TEMP": temp.path, "RUNNER_OS": "Linux", "RUNNER_ARCH": arch,
                "IMGSITE": ImgsiteProcess.executable.path,
            ].merging(inputs) { $1 }) { $1 }
            let command = "cd '\(workspace.path)' && exec '\(Corpus.repoRoot.appending(path: "scripts/action/\(script)").path)'"
            return try ChildProcess.run(URL(fileURLWithPath: "/bin/bash"), ["-c", command], environment: environment)
        }

        /// `name=value` lines the steps wrote to GITHUB_OUTPUT.
        var outputs: [String: String] {
            let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
            return Dictionary(text.split(separator: "\n").compactMap { line in
                line.firstIndex(of: "=").map { (String(line[..<$0]), String(line[line.index(after: $0)...])) }
            }) { $1 }
        }
    }

    @Test("action.yml passes GitHub's published schema for actions, and each run step is a script that exists")
    func schema() throws {
        let problems = try Self.schemaProblems("vendor.github-actions", Self.action.path)
        #expect(problems == nil, "\(problems ?? "")")
        let yaml = try #require(try Yams.load(yaml: String(contentsOf: Self.action, encoding: .utf8)) as? [String: Any])
        let steps = try #require((yaml["runs"] as? [String: Any])?["steps"] as? [[String: Any]])
        let scripts = steps.compactMap { $0["run"] as? String }.compactMap { $0.firstMatch(of: /scripts\/action\/([a-z-]+\.sh)/)?.1 }
        #expect(scripts == ["locate.sh", "install-imgsite.sh", "build-imgsite.sh", "build-gallery.sh"], "\(scripts)")
        for script in scripts {
            #expect(FileManager.default.isExecutableFile(atPath: Corpus.repoRoot.appending(path: "scripts/action/\(script)").path), "\(script)")
        }
        // Inputs reach the scripts as environment variables, never spliced into a command.
        for step in steps { #expect(!((step["run"] as? String) ?? "").contains("${{"), "\(step)") }
    }

    @Test("the steps, run as a runner runs them: outputs, job summary, annotations, a pruned cache kept for the next run")
    func steps() throws {
        let runner = try Runner()
        let workspace = try Corpus.scratch("workspace")
        let photos = workspace.appending(path: "photos")
        try Corpus.copy(["nature/Storm.jpg", "formats/tiny-88x64.jpg"].map(Corpus.photo), into: photos, album: "trip")
        try Corpus.copy([Corpus.bad.appending(path: "corrupted.jpg")], into: photos, album: "trip")

        let locate = try runner.run("locate.sh", [:], in: workspace)
        #expect(locate.status == 0 && runner.outputs["revision"]?.count == 40, "\(runner.outputs)")
        let imgsite = try runner.run("build-imgsite.sh", [:], in: workspace)
        #expect(imgsite.status == 0 && runner.outputs["binary"] == ImgsiteProcess.executable.path, "\(runner.outputs)")

        let inputs = ["INPUT_PHOTOS": "photos", "INPUT_OUTPUT": "_site", "INPUT_ARGS": "--fail-on never --archive 'the site.tar.gz'",
                      "INPUT_CACHE": "true"]
        let cold = try runner.run("build-gallery.sh", inputs, in: workspace)
        let errors = String(decoding: cold.errors, as: UTF8.self)
        #expect(cold.status == 0, "--fail-on never: \(errors)")
        #expect(errors.contains("::error file=photos/trip/corrupted.jpg,title=imgsite::"), "an annotation: \(errors)")
        #expect(FileManager.default.fileExists(atPath: workspace.appending(path: "the site.tar.gz").path), "a quoted option kept whole")
        let outputs = runner.outputs
        #expect(outputs["site"] == "_site" && outputs["cache-saved"] == "pruned", "\(outputs)")
        let report = try #require(outputs["report"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report))) as? [String: Any])
        #expect((json["summary"] as? [String: Any])?["failed"] as? Int == 1)
        let summary = try String(contentsOf: runner.summary, encoding: .utf8)
        for part in ["### imgsite: 1 of 3 images failed", "| images built | 2 (0 animations) |", "| site | ", "#### Failed",
                     "- `trip/corrupted.jpg`: cannot be decoded", "#### Slowest images", "| `trip/Storm.jpg` | "] {
            #expect(summary.contains(part), "\(part) in \(summary)")
        }

        // The next run, from the cache the step kept: nothing encoded.
        try FileManager.default.removeItem(at: workspace.appending(path: "_site"))
        let warm = try runner.run("build-gallery.sh", inputs, in: workspace)
        #expect(warm.status == 0 && String(decoding: warm.output, as: UTF8.self).contains("built 0, up to date 2, failed 1"),
                "\(String(decoding: warm.output, as: UTF8.self))")
    }

    @Test("args are split as words, never evaluated; a failed build keeps imgsite's status and no cache is saved")
    func arguments() throws {
        let runner = try Runner()
        let workspace = try Corpus.scratch("workspace")
        try Corpus.copy([Corpus.bad.appending(path: "corrupted.jpg")], into: workspace.appending(path: "photos"), album: "a")
        let hostile = try runner.run("build-gallery.sh", ["INPUT_ARGS": "--jobs $(touch pwned) `touch pwned2`"], in: workspace)
        #expect(hostile.status == 64, "not an option imgsite knows: \(hostile.status)")
        #expect(!FileManager.default.fileExists(atPath: workspace.appending(path: "pwned").path)
                && !FileManager.default.fileExists(atPath: workspace.appending(path: "pwned2").path))
        #expect(runner.outputs["cache-saved"] == nil)
        let unbalanced = try runner.run("build-gallery.sh", ["INPUT_ARGS": "--archive 'open"], in: workspace)
        #expect(unbalanced.status == 64 && String(decoding: unbalanced.output, as: UTF8.self).contains("::error title=imgsite::the args input"))
        let failed = try runner.run("build-gallery.sh", ["INPUT_PHOTOS": "photos"], in: workspace)
        #expect(failed.status == 1, "one photo failed: imgsite's status")
        #expect(runner.outputs["report"] != nil)
        // The next run stops before writing a report: its output names none, not the last run's file.
        try Data().write(to: runner.output)
        let stopped = try runner.run("build-gallery.sh", ["INPUT_ARGS": "--no-such-option"], in: workspace)
        #expect(stopped.status == 64 && runner.outputs["report"] == nil, "\(runner.outputs)")
    }

    @Test("install: a commit or branch builds from source; a release without this runner's bundle falls back to it; a bundle not matching its SHA-256 stops the job")
    func install() throws {
        let runner = try Runner()
        let workspace = try Corpus.scratch("workspace")
        let commit = try runner.run("install-imgsite.sh", ["ACTION_REF": "4f2c9e1a", "ACTION_REPOSITORY": "someone/imgsite"], in: workspace)
        #expect(commit.status == 0 && runner.outputs["binary"] == "", "\(runner.outputs)")
        #expect(String(decoding: commit.output, as: UTF8.self).contains("is not a release tag: building imgsite from source"))

        let releases = try Corpus.scratch("releases")
        let empty = try runner.run("install-imgsite.sh", ["ACTION_REF": "v9.9.9", "IMGSITE_RELEASES": releases.absoluteString], in: workspace)
        #expect(empty.status == 0 && runner.outputs["binary"] == "", "\(runner.outputs)")
        #expect(String(decoding: empty.output, as: UTF8.self).contains("::notice title=imgsite::no release bundle imgsite-9.9.9-linux-x86_64"))

        // A tarball whose published checksum is another file's.
        let release = releases.appending(path: "v9.9.8")
        try FileManager.default.createDirectory(at: release, withIntermediateDirectories: true)
        try Data("not the bundle".utf8).write(to: release.appending(path: "imgsite-9.9.8-linux-x86_64.tar.gz"))
        try Data("\(String(repeating: "0", count: 64))  imgsite-9.9.8-linux-x86_64.tar.gz\n".utf8)
            .write(to: release.appending(path: "imgsite-9.9.8-linux-x86_64.tar.gz.sha256"))
        let tampered = try runner.run("install-imgsite.sh", ["INPUT_VERSION": "9.9.8", "IMGSITE_RELEASES": releases.absoluteString], in: workspace)
        #expect(tampered.status == 1, "a bundle that fails its checksum must not be used")
        #expect(String(decoding: tampered.output, as: UTF8.self).contains("::error title=imgsite::imgsite-9.9.8-linux-x86_64.tar.gz does not match its published SHA-256"))

        // A version named that is no release: an error naming those there are, not a build of another revision.
        let missing = try runner.run("install-imgsite.sh", ["INPUT_VERSION": "0.9.9", "IMGSITE_RELEASES": releases.absoluteString], in: workspace)
        #expect(missing.status == 1, "a version that does not exist must stop the job")
        #expect(String(decoding: missing.output, as: UTF8.self).contains("::error title=imgsite::version 0.9.9 is no release of imgsite; releases: 9.9.8"),
                "\(String(decoding: missing.output, as: UTF8.self))")

        let mac = try runner.run("install-imgsite.sh", ["INPUT_VERSION": "9.9.8", "RUNNER_OS": "macOS"], in: workspace)
        #expect(mac.status == 1 && String(decoding: mac.output, as: UTF8.self).contains("release bundles are for Linux"))
    }
}
