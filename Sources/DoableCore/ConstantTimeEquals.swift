/// Compares secrets without stopping at the first difference, so the time taken tells nothing about them (the
/// metrics token, the web forms' CSRF token).
public func constantTimeEquals(_ left: [UInt8], _ right: [UInt8]) -> Bool {
    var difference = UInt8(left.count == right.count ? 0 : 1)
    for index in 0..<max(left.count, right.count) {
        difference |= (index < left.count ? left[index] : 0) ^ (index < right.count ? right[index] : 0)
    }
    return difference == 0
}
