/// LIST-1: the fields of a list to change. `nil` leaves a field as it is; `.some(nil)` clears the icon.
public struct ListFields: Sendable, Equatable {
    public var name: String?
    public var description: String?
    /// A palette name (`blue`) or `#RRGGBB`.
    public var color: String?
    /// One emoji; `.some(nil)` removes it.
    public var icon: String??
    public var isArchived: Bool?

    /// The changes given; every other field stays as it is.
    public init(
        name: String? = nil, description: String? = nil, color: String? = nil, icon: String?? = nil,
        isArchived: Bool? = nil
    ) {
        self.name = name
        self.description = description
        self.color = color
        self.icon = icon
        self.isArchived = isArchived
    }

    /// Whether no field is set.
    public var isEmpty: Bool { self == ListFields() }
}

/// TASK-6: the fields of a label to change; `nil` leaves a field as it is.
public struct LabelFields: Sendable, Equatable {
    public var name: String?
    /// A palette name (`gray`) or `#RRGGBB`.
    public var color: String?

    /// The changes given; every other field stays as it is.
    public init(name: String? = nil, color: String? = nil) {
        self.name = name
        self.color = color
    }

    /// Whether no field is set.
    public var isEmpty: Bool { self == LabelFields() }
}
