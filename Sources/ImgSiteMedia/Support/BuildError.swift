/// A failure, naming the file (or setting) and the reason; a bad image is
/// reported and skipped, it never stops the whole build.
///
/// Throw sites say only what went wrong and where; the step is stamped on
/// the error as it leaves its step (`BuildPipeline.run`, and the entry
/// points that run outside a build: options, the lock, the cache commands).
public struct BuildError: Error, CustomStringConvertible, Sendable, Equatable {
    /// Where an error arose: a step of the build, or what runs before, after
    /// or outside one.
    public enum Step: String, Sendable {
        case options, lock, start, templates, scan, plan, process, merge, render, zips, budgets, prune, manifest
        case shardManifest = "shard manifest"
        /// Choosing the image settings: under `budgets.site` or `budgets.files`, fitting them.
        case settings
        /// Measuring the images under a whole-site budget and, when over, encoding them again tighter.
        case ceiling
        case finish
        /// `imgsite cache info` and `imgsite cache prune`.
        case cache
    }

    /// Nil until the error leaves its step.
    public internal(set) var step: Step?
    /// The file concerned, relative to the input or output folder, or the setting.
    public var path: String
    public var reason: String

    public init(path: String, _ reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): \(reason)" }

    /// `path: reason (step: render)`, for `error:` lines and `--verbose`:
    /// where to look, and what the build was doing.
    public var withStep: String { step.map { "\(description) (step: \($0.rawValue))" } ?? description }

    /// The error as it leaves `step`.
    package func stamped(_ step: Step) -> BuildError {
        var stamped = self
        stamped.step = step
        return stamped
    }
}

/// Runs `body`, stamping `step` on the error that leaves it.
package func stamping<T>(_ step: BuildError.Step, _ body: () throws(BuildError) -> T) throws(BuildError) -> T {
    do {
        return try body()
    } catch {
        throw error.stamped(step)
    }
}
