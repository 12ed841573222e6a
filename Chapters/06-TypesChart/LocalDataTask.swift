// A stand-in for URLSession's data task publisher: the same types, but the
// "server" is a dictionary in memory, so the chapter runs anywhere, offline.
import Foundation
import MiniCombine

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Publishes the bytes stored for `url`, as a data task would download
/// them, or fails with `URLError(.fileDoesNotExist)` if there are none.
struct LocalDataTask: Publisher {
    typealias Output = (data: Data, response: URLResponse)
    typealias Failure = URLError

    let url: URL
    let pages: [URL: Data]

    func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == URLError {
        let download = Download(
            url: url, data: pages[url], downstream: subscriber)
        subscriber.receive(subscription: download)
    }
}

extension LocalDataTask: TypesCharting {
    /// A single stage: the data task is the pipeline's source.
    var chartStages: [PipelineStage] {
        [PipelineStage(name: "dataTask", of: Self.self)]
    }
}

/// Delivers one download on the first request, like `Just`, or fails.
private final class Download<Downstream: Subscriber>: Subscription
where Downstream.Input == LocalDataTask.Output, Downstream.Failure == URLError {
    private let url: URL
    private let data: Data?
    private var downstream: Downstream?

    init(url: URL, data: Data?, downstream: Downstream) {
        self.url = url
        self.data = data
        self.downstream = downstream
    }

    func request(_ demand: Subscribers.Demand) {
        precondition(demand > 0, "API Violation: demand must not be zero")
        guard let downstream = downstream.take() else { return }
        guard let data else {
            let missing = URLError(.fileDoesNotExist)
            downstream.receive(completion: .failure(missing))
            return
        }
        let response = URLResponse(
            url: url, mimeType: "application/json",
            expectedContentLength: data.count, textEncodingName: "utf-8")
        _ = downstream.receive((data: data, response: response))
        downstream.receive(completion: .finished)
    }

    func cancel() {
        downstream = nil
    }
}
