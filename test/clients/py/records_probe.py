"""Produces records and reads them back by partition assignment, as an application does with
confluent-kafka's Producer and a Consumer that assign()s partitions (no group membership).

Reads one JSON object on stdin: {"config": {librdkafka settings}, "topic": name, "partition": n,
"produce": [value, ...], "idempotent": bool, "read": count, "from": offset}. Produces the values
(if any), waits for every delivery report, then reads `read` records from offset `from` and prints
{"delivered": [[offset, error name or null], ...], "consumed": [[offset, value], ...]}.
Any client error exits 1 with it on stderr. Written for the confluent-kafka 1.7 API that Debian 12 ships.
"""
import json
import sys

from confluent_kafka import Consumer, Producer, TopicPartition

TIMEOUT_S = 20


def produce(settings, request):
    delivered = []

    def report(err, msg):
        delivered.append([msg.offset() if err is None else -1, err.name() if err is not None else None])

    config = dict(settings)
    config["enable.idempotence"] = bool(request.get("idempotent", False))
    producer = Producer(config)
    for value in request["produce"]:
        producer.produce(request["topic"], value=value.encode("utf-8"), partition=request["partition"], on_delivery=report)
    left = producer.flush(TIMEOUT_S)
    if left:
        raise RuntimeError("%d records not delivered within %d s" % (left, TIMEOUT_S))
    return delivered


def consume(settings, request):
    config = dict(settings)
    config.update({"group.id": "records-probe", "enable.auto.commit": False})
    consumer = Consumer(config)
    consumed = []
    try:
        consumer.assign([TopicPartition(request["topic"], request["partition"], request["from"])])
        while len(consumed) < request["read"]:
            msg = consumer.poll(TIMEOUT_S)
            if msg is None:
                raise RuntimeError("no record within %d s after %d" % (TIMEOUT_S, len(consumed)))
            if msg.error() is not None:
                raise RuntimeError(str(msg.error()))
            consumed.append([msg.offset(), msg.value().decode("utf-8")])
    finally:
        consumer.close()
    return consumed


def main():
    request = json.load(sys.stdin)
    settings = dict(request["config"])
    delivered = produce(settings, request) if request["produce"] else []
    consumed = consume(settings, request) if request["read"] > 0 else []
    print(json.dumps({"delivered": delivered, "consumed": consumed}))


if __name__ == "__main__":
    try:
        main()
    except Exception as err:  # the test shows it; a traceback would hide the client's own words
        sys.stderr.write("client error: %s\n" % err)
        sys.exit(1)
