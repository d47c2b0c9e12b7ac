"""Produces records with kafka-python's KafkaProducer and reads them back with a KafkaConsumer that
assign()s the partition (no group membership), as an application using kafka-python does.

Reads one JSON object on stdin: {"config": {kafka-python settings}, "topic": name, "partition": n,
"produce": [value, ...], "read": count, "from": offset}. Sends the values (acks=all), waits for
each, then reads `read` records from offset `from` and prints {"delivered": [offset, ...],
"consumed": [[offset, value], ...], "api_version": [the broker version kafka-python inferred]}.
Any client error exits 1 with it on stderr. Written for kafka-python 2.0.2, as Debian 12 ships it.
"""
import json
import sys

from kafka import KafkaConsumer, KafkaProducer, TopicPartition

TIMEOUT_S = 20


def main():
    request = json.load(sys.stdin)
    config = dict(request["config"])
    delivered = []
    api_version = None
    if request["produce"]:
        producer = KafkaProducer(acks="all", **config)
        api_version = producer.config["api_version"]
        futures = [producer.send(request["topic"], value=v.encode("utf-8"), partition=request["partition"]) for v in request["produce"]]
        delivered = [f.get(timeout=TIMEOUT_S).offset for f in futures]
        producer.close(TIMEOUT_S)
    consumed = []
    if request["read"] > 0:
        consumer = KafkaConsumer(group_id=None, enable_auto_commit=False, **config)
        api_version = consumer.config["api_version"]
        try:
            tp = TopicPartition(request["topic"], request["partition"])
            consumer.assign([tp])
            consumer.seek(tp, request["from"])
            while len(consumed) < request["read"]:
                polled = consumer.poll(timeout_ms=TIMEOUT_S * 1000)
                if not polled:
                    raise RuntimeError("no record within %d s after %d" % (TIMEOUT_S, len(consumed)))
                for records in polled.values():
                    consumed.extend([r.offset, r.value.decode("utf-8")] for r in records)
        finally:
            consumer.close()
    print(json.dumps({"delivered": delivered, "consumed": consumed, "api_version": list(api_version or [])}))


if __name__ == "__main__":
    try:
        main()
    except Exception as err:  # the test shows it; a traceback would hide the client's own words
        sys.stderr.write("client error: %s: %s\n" % (type(err).__name__, err))
        sys.exit(1)
