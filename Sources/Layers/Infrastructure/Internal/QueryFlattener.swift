import Foundation

/// Turns a ``QueryEncodingNode`` tree into query items: dotted names for nested values, arrays
/// per the array strategy, `nil` and empty values left out.
struct QueryFlattener {
    let arrayEncodingStrategy: QueryEncoder.ArrayEncodingStrategy

    func flatten(_ root: QueryEncodingNode) throws -> [URLQueryItem] {
        var items: [URLQueryItem] = []
        switch root.content {
        case .empty, .null:
            break
        case .keyed(let entries):
            for entry in entries {
                try flatten(entry.node, name: entry.key, into: &items)
            }
        case .scalar:
            throw QueryEncodingError(
                keyPath: "",
                reason: "the top-level value is a single value; encode a struct or a dictionary "
                    + "whose properties become the parameters"
            )
        case .unkeyed:
            throw QueryEncodingError(
                keyPath: "",
                reason: "the top-level value is an array; encode a struct or a dictionary "
                    + "whose properties become the parameters"
            )
        }
        return items
    }

    private func flatten(_ node: QueryEncodingNode, name: String, into items: inout [URLQueryItem]) throws {
        switch node.content {
        case .empty, .null:
            return
        case .scalar(let value):
            items.append(URLQueryItem(name: name, value: value))
        case .keyed(let entries):
            for entry in entries {
                try flatten(entry.node, name: "\(name).\(entry.key)", into: &items)
            }
        case .unkeyed(let elements):
            let values = try scalarValues(of: elements, name: name)
            switch arrayEncodingStrategy {
            case .commaSeparated:
                if !values.isEmpty {
                    items.append(URLQueryItem(name: name, value: values.joined(separator: ",")))
                }
            case .repeatedKeys:
                items += values.map { URLQueryItem(name: name, value: $0) }
            }
        }
    }

    private func scalarValues(of elements: [QueryEncodingNode], name: String) throws -> [String] {
        var values: [String] = []
        for (index, element) in elements.enumerated() {
            switch element.content {
            case .scalar(let value):
                values.append(value)
            case .empty, .null:
                continue
            case .keyed:
                throw QueryEncodingError(
                    keyPath: "\(name)[\(index)]",
                    reason: "arrays of objects are not supported in a query; send them in the request "
                        + "body or flatten them into separate parameters"
                )
            case .unkeyed:
                throw QueryEncodingError(
                    keyPath: "\(name)[\(index)]",
                    reason: "nested arrays are not supported in a query; flatten them into one array "
                        + "or separate parameters"
                )
            }
        }
        return values
    }
}
