import Foundation

/// A live output in a bucket: each file is uploaded as it is put (a playlist again each time it
/// grows), under the keys `S3Outputs.publish` would give the finished folder, so a player's URLs
/// stay the same once the job is done.
struct S3LiveOutput: LiveOutput {
    let outputs: S3Outputs
    let location: String

    func put(_ file: String, from folder: String) throws {
        try outputs.client.upload(file: folder + "/" + file, to: outputs.key(location, file), contentType: S3Outputs.type(of: file))
    }

    func put(_ file: String, bytes: [UInt8]) throws {
        _ = try outputs.client.putObject(outputs.key(location, file), bytes: bytes, contentType: S3Outputs.type(of: file))
    }

    func finish(folder: String) throws -> String {
        try? FileManager.default.removeItem(atPath: folder)
        return location
    }
}
