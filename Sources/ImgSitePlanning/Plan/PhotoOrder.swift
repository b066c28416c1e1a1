/// Album order: photos with an EXIF capture date first, oldest first; then
/// those without one. Ties and undated photos go by natural file-name order.
public enum PhotoOrder {
    public static func sorted(_ photos: [PlannedPhoto], dates: (PlannedPhoto) -> String?) -> [PlannedPhoto] {
        photos.map { (photo: $0, date: dates($0)) }.sorted { a, b in
            switch (a.date, b.date) {
            case let (x?, y?) where x != y: x < y
            case (.some, nil): true
            case (nil, .some): false
            default: SourceImage.naturallyBefore(a.photo.job.source, b.photo.job.source)
            }
        }.map(\.photo)
    }
}
