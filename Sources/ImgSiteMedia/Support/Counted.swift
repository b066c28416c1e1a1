/// A count and its noun, plural unless the count is one: "1 file", "3 files".
public enum Counted {
    public static func text(_ count: Int, _ noun: String, plural: String? = nil) -> String {
        "\(count) \(count == 1 ? noun : plural ?? noun + "s")"
    }
}
