// `Map` between `Just` and `Sink`: building the pipeline runs nothing;
// subscribing runs it all, and each value passes through the transform.
// snippet.doubled
import MiniCombine

let doubled = Just(10).map { value in
    print("map: \(value) becomes \(value * 2)")
    return value * 2
}
print("built \(type(of: doubled)); nothing has run yet")

let doubledToken = doubled.sink { value in print("sink: got \(value)") }
// snippet.end

// snippet.chained
let labelled = doubled.map { value in "\(value) apples" }
print("built \(type(of: labelled))")

let labelledToken = labelled.sink(
    receiveCompletion: { end in print("sink: completion \(end)") },
    receiveValue: { label in print("sink: got \"\(label)\"") }
)
// snippet.end
