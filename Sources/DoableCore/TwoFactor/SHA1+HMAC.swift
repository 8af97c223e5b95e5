extension SHA1 {
    /// HMAC-SHA1 (RFC 2104): the keyed hash HOTP and TOTP are built on.
    static func hmac(key: [UInt8], message: [UInt8]) -> [UInt8] {
        var blockKey = key.count > blockLength ? digest(key) : key
        blockKey += [UInt8](repeating: 0, count: blockLength - blockKey.count)
        let inner = digest(blockKey.map { $0 ^ 0x36 } + message)
        return digest(blockKey.map { $0 ^ 0x5C } + inner)
    }
}
