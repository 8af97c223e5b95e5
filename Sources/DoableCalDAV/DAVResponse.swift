import HTTPTypes
import Hummingbird
import NIOCore

/// Responses of the CalDAV layer that are not a multistatus.
enum DAVResponse {
    static let xmlContentType = "application/xml; charset=utf-8"

    static func xml(_ document: ByteBuffer, status: HTTPResponse.Status, headers: HTTPFields = [:]) -> Response {
        var fields = headers
        fields[.contentType] = xmlContentType
        return Response(status: status, headers: fields, body: .init(byteBuffer: document))
    }

    static func text(_ text: String, status: HTTPResponse.Status, headers: HTTPFields = [:]) -> Response {
        var fields = headers
        fields[.contentType] = "text/plain; charset=utf-8"
        return Response(status: status, headers: fields, body: .init(byteBuffer: ByteBuffer(string: text + "\n")))
    }

    static func empty(_ status: HTTPResponse.Status, headers: HTTPFields = [:]) -> Response {
        Response(status: status, headers: headers)
    }

    /// `<D:error>` with the precondition's element (RFC 4918 §16) and the message a client may show its user.
    static func error(
        _ status: HTTPResponse.Status, condition: XMLNode?, message: String?,
        headers: HTTPFields = [:]
    ) -> Response {
        var writer = XMLWriter()
        writer.openRoot(.dav("error"))
        if let condition { writer.write(condition) }
        if let message { writer.write(.element(.dav("responsedescription"), text: message)) }
        writer.close(.dav("error"))
        return xml(writer.output, status: status, headers: headers)
    }
}

extension HTTPField.Name {
    static let dav = Self("DAV")!
    static let depth = Self("Depth")!
}
