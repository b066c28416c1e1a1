/// The version `imgsite --version` prints and manifests record.
public enum ImgSiteVersion {
    public static let current = "0.4.0"
}
