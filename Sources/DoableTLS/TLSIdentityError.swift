/// OPS-5: why a certificate or key file cannot be served, in one line that names the file.
public enum TLSIdentityError: Error, Equatable, CustomStringConvertible {
    case unreadable(file: String, reason: String)
    case noCertificate(file: String)
    case badCertificate(file: String)
    case badKey(file: String)
    case keyMismatch(certificateFile: String, keyFile: String)

    public var description: String {
        switch self {
        case .unreadable(let file, let reason):
            "TLS: cannot read \(file): \(reason)"
        case .noCertificate(let file):
            "TLS: \(file) holds no PEM certificate (-----BEGIN CERTIFICATE-----)"
        case .badCertificate(let file):
            "TLS: \(file) is not a valid PEM certificate chain"
        case .badKey(let file):
            "TLS: \(file) is not an unencrypted PEM private key"
        case .keyMismatch(let certificateFile, let keyFile):
            "TLS: the key in \(keyFile) does not belong to the certificate in \(certificateFile)"
        }
    }
}
