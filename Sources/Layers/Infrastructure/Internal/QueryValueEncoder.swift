import Foundation

/// The `Encoder` behind ``QueryEncoder``: writes into a ``QueryEncodingNode``.
struct QueryValueEncoder: Encoder {
    let node: QueryEncodingNode
    let codingPath: [any CodingKey]
    let options: QueryEncoder
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.makeKeyed()
        return KeyedEncodingContainer(QueryKeyedContainer<Key>(node: node, codingPath: codingPath, options: options))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.makeUnkeyed()
        return QueryUnkeyedContainer(node: node, codingPath: codingPath, options: options)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        QuerySingleValueContainer(node: node, codingPath: codingPath, options: options)
    }
}

struct QueryKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: QueryEncodingNode
    let codingPath: [any CodingKey]
    let options: QueryEncoder

    mutating func encodeNil(forKey key: Key) throws {
        node.append(QueryEncodingNode(.null), forKey: key.stringValue)
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        let child = try QueryEncodingNode.encode(value, codingPath: codingPath + [key], options: options)
        node.append(child, forKey: key.stringValue)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let child = QueryEncodingNode(.keyed([]))
        node.append(child, forKey: key.stringValue)
        return KeyedEncodingContainer(
            QueryKeyedContainer<NestedKey>(node: child, codingPath: codingPath + [key], options: options))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = QueryEncodingNode(.unkeyed([]))
        node.append(child, forKey: key.stringValue)
        return QueryUnkeyedContainer(node: child, codingPath: codingPath + [key], options: options)
    }

    mutating func superEncoder() -> any Encoder {
        superEncoder(key: QuerySuperKey())
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        superEncoder(key: key)
    }

    private func superEncoder(key: any CodingKey) -> any Encoder {
        let child = QueryEncodingNode()
        node.append(child, forKey: key.stringValue)
        return QueryValueEncoder(node: child, codingPath: codingPath + [key], options: options)
    }
}

struct QueryUnkeyedContainer: UnkeyedEncodingContainer {
    let node: QueryEncodingNode
    let codingPath: [any CodingKey]
    let options: QueryEncoder

    var count: Int { node.unkeyedCount }

    private var nextKey: QueryIndexKey { QueryIndexKey(count) }

    mutating func encodeNil() throws {
        node.append(QueryEncodingNode(.null))
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let child = try QueryEncodingNode.encode(value, codingPath: codingPath + [nextKey], options: options)
        node.append(child)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
        let key = nextKey
        let child = QueryEncodingNode(.keyed([]))
        node.append(child)
        return KeyedEncodingContainer(
            QueryKeyedContainer<NestedKey>(node: child, codingPath: codingPath + [key], options: options))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let key = nextKey
        let child = QueryEncodingNode(.unkeyed([]))
        node.append(child)
        return QueryUnkeyedContainer(node: child, codingPath: codingPath + [key], options: options)
    }

    mutating func superEncoder() -> any Encoder {
        let key = nextKey
        let child = QueryEncodingNode()
        node.append(child)
        return QueryValueEncoder(node: child, codingPath: codingPath + [key], options: options)
    }
}

struct QuerySingleValueContainer: SingleValueEncodingContainer {
    let node: QueryEncodingNode
    let codingPath: [any CodingKey]
    let options: QueryEncoder

    mutating func encodeNil() throws {
        node.content = .null
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try node.store(value, codingPath: codingPath, options: options)
    }
}
