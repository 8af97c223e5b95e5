/// GAME-6: the value axis of a chart: 3 to 5 round ticks from zero (steps of 1, 2, 2.5 or 5 times a power of ten)
/// whose top reaches the largest value. All-zero data still gets an axis (0, 1, 2), so nothing divides by zero.
public struct ChartScale: Sendable, Equatable {
    var step: Double
    var top: Double

    /// `wholeNumbers` keeps steps of at least 1 and never 2.5 (counts of tasks).
    init(maximum: Double, wholeNumbers: Bool) {
        let largest = maximum.isFinite ? max(maximum, 0) : 0
        let raw = largest / 4
        var step = 1.0
        if raw > 0 {
            var magnitude = 1.0
            while magnitude * 10 <= raw { magnitude *= 10 }
            while magnitude > raw { magnitude /= 10 }
            let multiples: [Double] = wholeNumbers ? [1, 2, 5, 10] : [1, 2, 2.5, 5, 10]
            step = (multiples.map { $0 * magnitude }.first { $0 >= raw - 1e-9 }) ?? 10 * magnitude
        }
        if wholeNumbers { step = max(1, step.rounded(.up)) }
        if !(step > 0) { step = 1 }
        let count = max(2, Int((largest / step - 1e-9).rounded(.up)))
        self.step = step
        top = step * Double(count)
    }

    /// The tick values, zero first.
    var ticks: [Double] {
        let count = Int((top / step).rounded())
        return (0...count).map { Double($0) * step }
    }

    /// Where `value` falls between the bottom (0) and the top (1).
    func fraction(_ value: Double) -> Double {
        guard top > 0, value.isFinite else { return 0 }
        return min(max(value / top, 0), 1)
    }

    /// A tick's label: whole numbers without decimals, others with one or two.
    static func label(_ value: Double) -> String {
        if value == value.rounded() { return String(Int(value)) }
        return String((value * 100).rounded() / 100)
    }
}
