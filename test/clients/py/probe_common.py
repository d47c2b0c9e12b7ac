"""What the confluent-kafka probes share: reading assigned records back and the JSON-in, JSON-out main.
Written for the confluent-kafka 1.7 API that Debian 12 ships."""
import json
import sys

from confluent_kafka import Consumer, TopicPartition

TIMEOUT_S = 20


def read_assigned(settings, request, extra):
    """Reads request["read"] records of request["partition"] from request["from"], without a group."""
    config = dict(settings)
    config.update({"enable.auto.commit": False})
    config.update(extra)
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


def flush_all(producer):
    left = producer.flush(TIMEOUT_S)
    if left:
        raise RuntimeError("%d records not delivered within %d s" % (left, TIMEOUT_S))


def run_probe(main):
    """Runs main(request) on the JSON of stdin and prints its answer; a client error exits 1 with its words."""
    try:
        print(json.dumps(main(json.load(sys.stdin))))
    except Exception as err:  # the test shows it; a traceback would hide the client's own words
        sys.stderr.write("client error: %s\n" % err)
        sys.exit(1)
