import SwiftUI
// `import Combine` in a user's file, as view models write it: the stand-in is in the prebuilt
// Scanline. The model's level rises to 0.75 on a subject's value at 0.3 s; the bar shows it.
import Combine

final class MeterModel: ObservableObject {
    @Published var level: Double = 0.25
    let readings = PassthroughSubject<Double, Never>()
    private var cancellables = Set<AnyCancellable>()
    init() {
        readings.removeDuplicates().assign(to: &$level)
    }
}

struct Meter: View {
    @StateObject private var model = MeterModel()
    var body: some View {
        GeometryReader { proxy in
            Rectangle().fill(Color(red: 0, green: 0, blue: 1))
                .frame(width: proxy.size.width * model.level, height: proxy.size.height)
        }
        .frame(width: 80, height: 20)
        .task {
            try? await Task.sleep(for: .seconds(0.3))
            model.readings.send(0.75)
        }
    }
}
