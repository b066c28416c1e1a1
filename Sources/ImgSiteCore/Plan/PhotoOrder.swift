/// Album order: photos with an EXIF capture date first, oldest first; then
/// those without one. Ties and undated photos go by natural file-name order.
public enum PhotoOrder {
    public static func sorted(_ photos: [PlannedPhoto], dates: (PlannedPhoto) -> String?) -> [PlannedPhoto] {
        let keyed = photos.map { (photo: $0, date: dates($0)) }
        return keyed.sorted { a, b in
            switch (a.date, b.date) {
            case let (x?, y?) where x != y: return x < y
            case (.some, nil): return true
            case (nil, .some): return false
            default: return NaturalOrder.less(a.photo.job.source.relativePath, b.photo.job.source.relativePath)
            }
        }.map(\.photo)
    }
}
