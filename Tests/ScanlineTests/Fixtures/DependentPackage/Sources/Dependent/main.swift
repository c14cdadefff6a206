import SwiftUI
import DependentViews

let image = ImageRenderer(content: Badge()).pixelBuffer
print("rendered \(image?.width ?? 0)x\(image?.height ?? 0)")
print("badge scale \(EnvironmentValues().badgeScale)")
// @Animatable: the level is the animatable data, the label is not.
var meter = Meter(level: 0.25, label: "quarter")
meter.animatableData = 0.75
print("meter \(meter.level) \(meter.label)")
