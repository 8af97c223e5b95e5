import DoableDomain

/// The properties a PROPPATCH, MKCALENDAR or extended MKCOL sets or removes on a calendar, read into the domain's
/// patch. Doable keeps a list's name, description and colour; `calendar-order` is taken and ignored (lists have
/// their own order, and vdirsyncer's metadata sync sets it on every run), as are a new calendar's time zone and the
/// component set when it includes VTODO. Everything else is refused, property by property.
struct CalendarPropertyUpdate {
    var patch = DAVCalendarPatch()
    /// Properties that would be applied (or are harmlessly ignored), in request order.
    var accepted: [QName] = []
    /// Properties that cannot be set, with why.
    var refused: [(name: QName, reason: String)] = []
    /// A component set without VTODO was asked for (MKCALENDAR answers `supported-calendar-component`).
    var refusesComponents = false
    /// The `D:resourcetype` an extended MKCOL asked for, if any.
    var resourceType: [QName]?

    /// Reads the `D:set` and `D:remove` instructions of a `D:propertyupdate`, `C:mkcalendar` or `D:mkcol`.
    init(_ instructions: [XMLReader.Element], creating: Bool) {
        for instruction in instructions {
            let isSet: Bool
            switch instruction.name {
            case .dav("set"): isSet = true
            case .dav("remove"): isSet = false
            default: continue
            }
            for property in instruction.children(.dav("prop")).flatMap(\.children) {
                isSet ? set(property, creating: creating) : remove(property.name)
            }
        }
    }

    private mutating func set(_ property: XMLReader.Element, creating: Bool) {
        let text = property.text
        switch (property.name.namespace, property.name.local) {
        case (DAVNamespace.dav, "displayname"): patch.displayName = text.trimmingXMLWhitespace()
        case (DAVNamespace.caldav, "calendar-description"): patch.description = text
        case (DAVNamespace.apple, "calendar-color"): patch.color = text.trimmingXMLWhitespace()
        case (DAVNamespace.apple, "calendar-order"): break
        case (DAVNamespace.caldav, "calendar-timezone") where creating: break
        case (DAVNamespace.caldav, "supported-calendar-component-set") where creating:
            let names = property.children(.caldav("comp")).compactMap { $0.attribute("name")?.uppercased() }
            if !names.isEmpty && !names.contains("VTODO") { refusesComponents = true }
        case (DAVNamespace.dav, "resourcetype") where creating:
            resourceType = property.children.map(\.name)
        default:
            if creating { return }  // other clients' extras (Apple's transparency, say) do not stop a new list
            refused.append((property.name, "Doable cannot set \(property.name.local) on a calendar."))
            return
        }
        accepted.append(property.name)
    }

    /// Removing a property that Doable does not keep is no error (RFC 4918 §14.23); a description becomes empty.
    private mutating func remove(_ name: QName) {
        if name == .caldav("calendar-description") { patch.description = "" }
        accepted.append(name)
    }

    /// The property a domain refusal of the patch is about, from the field it names.
    func property(forField field: String?) -> QName? {
        switch field {
        case "name": .dav("displayname")
        case "description": .caldav("calendar-description")
        case "color": .apple("calendar-color")
        default: nil
        }
    }
}
