"""Commits consumer-group offsets the way an application that manages its own offsets does, without
ever joining the group: confluent-kafka's Consumer.commit(offsets=...) sends OffsetCommit with
generation -1 and an empty member id. Then reads them back with Consumer.committed (OffsetFetch).

Reads one JSON object on stdin: {"config": {librdkafka settings}, "group": "id",
"offsets": [[topic, partition, offset], ...]} and prints {"committed": [...], "read": [...]}, each
entry [topic, partition, offset, error name or null]. Any client error exits 1 with it on stderr.
Written for the confluent-kafka 1.7 API that Debian 12 ships.
"""
import json
import sys

from confluent_kafka import Consumer, TopicPartition

TIMEOUT_S = 10


def entries(partitions):
    return [
        [tp.topic, tp.partition, tp.offset, tp.error.name() if tp.error is not None else None]
        for tp in partitions
    ]


def main():
    request = json.load(sys.stdin)
    settings = dict(request["config"])
    settings.update({"group.id": request["group"], "enable.auto.commit": False})
    consumer = Consumer(settings)
    try:
        wanted = [TopicPartition(t, p, o) for t, p, o in request["offsets"]]
        committed = consumer.commit(offsets=wanted, asynchronous=False)
        read = consumer.committed([TopicPartition(t, p) for t, p, _ in request["offsets"]], timeout=TIMEOUT_S)
        print(json.dumps({"committed": entries(committed), "read": entries(read)}))
    finally:
        consumer.close()


if __name__ == "__main__":
    try:
        main()
    except Exception as err:  # the test shows it; a traceback would hide the client's own words
        sys.stderr.write("client error: %s\n" % err)
        sys.exit(1)
