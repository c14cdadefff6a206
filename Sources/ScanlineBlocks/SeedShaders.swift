import Scanline

/// The seeds' Metal sources, shipped unchanged as this module's resources (`Shaders/`):
/// `ChromaticGlitchShaderSplit` (seed 002), `backgroundWarp` (seed 004) and `backgroundWarpFlow`
/// (seed 004 driven by time). SwiftPM copies them into the module's resource bundle, where
/// `ShaderLibrary.bundle(.module)` finds and compiles them, as an app's would be.
public enum SeedShaders {
    /// The library of the seeds' `.metal` files.
    public static let library = ShaderLibrary.bundle(.module)
}
