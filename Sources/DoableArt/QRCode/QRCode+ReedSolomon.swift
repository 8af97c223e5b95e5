extension QRCode {
    /// Reed–Solomon error correction over GF(256) as QR codes use it: the field is built on x⁸+x⁴+x³+x²+1 (0x11D),
    /// and the generator of degree n has the roots α⁰ … αⁿ⁻¹ with α = 2.
    enum ReedSolomon {
        /// αⁱ for i in 0..<255, then repeated once so that a sum of two logarithms needs no modulo.
        static let powers: [UInt8] = {
            var powers: [UInt8] = []
            var value = 1
            for _ in 0..<255 {
                powers.append(UInt8(value))
                value <<= 1
                if value > 0xFF { value ^= 0x11D }
            }
            return powers + powers
        }()

        static let logarithms: [Int] = {
            var logarithms = [Int](repeating: 0, count: 256)
            for exponent in 0..<255 { logarithms[Int(powers[exponent])] = exponent }
            return logarithms
        }()

        static func multiply(_ left: UInt8, _ right: UInt8) -> UInt8 {
            left == 0 || right == 0 ? 0 : powers[logarithms[Int(left)] + logarithms[Int(right)]]
        }

        /// (x − α⁰)(x − α¹)…(x − αⁿ⁻¹), coefficients from the highest power down (the first is always 1).
        static func generator(degree: Int) -> [UInt8] {
            var coefficients: [UInt8] = [1]
            for root in powers[0..<degree] {
                var product = coefficients + [0]
                for (index, coefficient) in coefficients.enumerated() { product[index + 1] ^= multiply(coefficient, root) }
                coefficients = product
            }
            return coefficients
        }

        /// The remainder of data·xⁿ divided by the generator: the n codewords that follow the data.
        static func errorCorrection(for data: [UInt8], degree: Int) -> [UInt8] {
            let generator = generator(degree: degree)
            var remainder = [UInt8](repeating: 0, count: degree)
            for codeword in data {
                let factor = codeword ^ remainder[0]
                remainder.removeFirst()
                remainder.append(0)
                for index in 0..<degree { remainder[index] ^= multiply(generator[index + 1], factor) }
            }
            return remainder
        }
    }
}
