/// A finished in-memory image that several threads read at once, e.g. to
/// encode one size as JPEG and WebP side by side. libvips lets any number
/// of pipelines read one image; what it does not allow is changing an image
/// others use, and a `SharedImage` offers no way to change it.
public struct SharedImage: @unchecked Sendable {
    public let image: VipsImage

    /// `image` must be materialized and never changed afterwards.
    public init(materialized image: VipsImage) {
        self.image = image
    }
}
