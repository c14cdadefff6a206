extension PixelBuffer {
    /// Runs a layer-effect shader over the image, as SwiftUI's `layerEffect(_:maxSampleOffset:isEnabled:)`.
    ///
    /// - Parameters:
    ///   - maxSampleOffset: how far (points) the shader reads from a pixel; the layer is padded by
    ///     this much with transparent pixels, and `layer.sample` clamps to the padded edge.
    ///   - isEnabled: false returns the image unchanged.
    ///   - colorScheme: resolves colour arguments.
    ///   - threads: threads to use (default `Parallelism.threadCount`); the output is the same for any count.
    /// - Returns: premultiplied pixels of the same size; the shader runs over the image's bounds.
    /// - Throws: `ShaderError` when the function is unknown, of another kind, or given the wrong arguments.
    public func layerEffect(_ shader: Shader, maxSampleOffset: CGSize, isEnabled: Bool = true,
                            colorScheme: ColorScheme = .light, threads: Int? = nil) throws -> PixelBuffer {
        guard isEnabled else { return self }
        let runner = try shader.prepare(as: .layerEffect)
        return runner.run(self, .image(self, padding: padding(maxSampleOffset)), colorScheme, threads ?? Parallelism.threadCount)
    }

    /// Runs a color-effect shader on every pixel, as SwiftUI's `colorEffect(_:isEnabled:)`.
    public func colorEffect(_ shader: Shader, isEnabled: Bool = true, colorScheme: ColorScheme = .light,
                            threads: Int? = nil) throws -> PixelBuffer {
        guard isEnabled else { return self }
        let runner = try shader.prepare(as: .colorEffect)
        return runner.run(self, .image(self), colorScheme, threads ?? Parallelism.threadCount)
    }

    /// Moves pixels by a distortion shader, as SwiftUI's `distortionEffect(_:maxSampleOffset:isEnabled:)`.
    public func distortionEffect(_ shader: Shader, maxSampleOffset: CGSize, isEnabled: Bool = true,
                                 colorScheme: ColorScheme = .light, threads: Int? = nil) throws -> PixelBuffer {
        guard isEnabled else { return self }
        let runner = try shader.prepare(as: .distortionEffect)
        return runner.run(self, .image(self, padding: padding(maxSampleOffset)), colorScheme, threads ?? Parallelism.threadCount)
    }

    /// Runs `shader` as `usage` over a view's layer: these pixels, placed in the view by
    /// `geometry` (the node path of `ShaderNode`, where the layer is rasterised on the device's
    /// pixel grid and already holds the `maxSampleOffset` margin).
    func shaded(_ shader: Shader, as usage: Shader.UsageType, geometry: LayerGeometry, colorScheme: ColorScheme, threads: Int? = nil) throws -> PixelBuffer {
        try shader.prepare(as: usage).run(self, geometry, colorScheme, threads ?? Parallelism.threadCount)
    }

    /// `maxSampleOffset` in whole pixels (rounded up; NaN and negatives count as 0).
    func padding(_ offset: CGSize) -> (x: Int, y: Int) {
        func px(_ v: CGFloat) -> Int {
            guard v.isFinite, v > 0 else { return 0 }
            return Int(min((v * scale).rounded(.up), CGFloat(PixelBuffer.maximumSide)))
        }
        return (px(offset.width), px(offset.height))
    }
}
