/// A face in a font file: the path and the face's index in it (a TTC holds several).
struct FontRef: Hashable, Sendable {
    let path: String
    let index: Int
}
