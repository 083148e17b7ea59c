import ReelSpec

extension MediaInfo {
    /// The probe as JSON (the shape `reel probe` prints and the API returns).
    public var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = [("format", .string(format))]
        if let duration { members.append(("duration", duration.jsonNumber)) }
        if let bitRate { members.append(("bitRate", .number(String(bitRate)))) }
        members.append(("still", .bool(isStill)))
        members.append(("streams", .array(streams.map(\.json))))
        members.append(("metadata", .object(metadata.map { ($0.key, .string($0.value)) })))
        members.append(("chapters", .array(chapters.map { ch in
            var m: [(key: String, value: JSONValue)] = [("start", ch.start.jsonNumber), ("end", ch.end.jsonNumber)]
            if let t = ch.title { m.append(("title", .string(t))) }
            return .object(m)
        })))
        return .object(members)
    }
}

extension MediaInfo.StreamInfo {
    var json: JSONValue {
        var m: [(key: String, value: JSONValue)] = [("index", .number(String(index))), ("type", .string(type.rawValue)), ("codec", .string(codec))]
        func int(_ k: String, _ v: Int?) { if let v { m.append((k, .number(String(v)))) } }
        if let duration { m.append(("duration", duration.jsonNumber)) }
        int("width", width)
        int("height", height)
        int("rotation", rotation)
        int("displayWidth", displayWidth)
        int("displayHeight", displayHeight)
        if let pixelFormat { m.append(("pixelFormat", .string(pixelFormat))) }
        if let frameRate {
            m.append(("frameRate", frameRate.jsonNumber))
            m.append(("frameRateExact", .string("\(frameRate.numerator)/\(frameRate.denominator)")))
        }
        if let averageFrameRate { m.append(("averageFrameRate", averageFrameRate.jsonNumber)) }
        int("sampleRate", sampleRate)
        int("channels", channels)
        if let channelLayout { m.append(("channelLayout", .string(channelLayout))) }
        if let language { m.append(("language", .string(language))) }
        m.append(("default", .bool(isDefault)))
        m.append(("forced", .bool(isForced)))
        if let bitRate { m.append(("bitRate", .number(String(bitRate)))) }
        if let color { m.append(("color", color.json)) }
        return .object(m)
    }
}
