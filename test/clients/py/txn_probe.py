"""Runs transactions with confluent-kafka's transactional Producer, then reads the partition back with
a read_committed Consumer by partition assignment (no group membership).

Reads one JSON object on stdin: {"config": {librdkafka settings}, "topic": name, "partition": n,
"transactions": [{"values": [value, ...], "commit": bool}, ...], "read": count, "from": offset}.
Each transaction is begun, its values produced and flushed, then committed or aborted. Prints
{"delivered": [[offset, value], ...], "consumed": [[offset, value], ...]}: every delivery report
(aborted records are delivered too, their transaction then aborted), and `read` records a
read_committed consumer got from offset `from`. Any client error exits 1 with it on stderr.
Written for the confluent-kafka 1.7 API that Debian 12 ships.
"""
import json
import sys

from confluent_kafka import Consumer, Producer, TopicPartition

TIMEOUT_S = 20


def run_transactions(settings, request):
    delivered = []

    def report(err, msg):
        if err is not None:
            raise RuntimeError("delivery failed: %s" % err)
        delivered.append([msg.offset(), msg.value().decode("utf-8")])

    config = dict(settings)
    config["transactional.id"] = request["transactional_id"]
    producer = Producer(config)
    producer.init_transactions(TIMEOUT_S)
    for txn in request["transactions"]:
        producer.begin_transaction()
        for value in txn["values"]:
            producer.produce(request["topic"], value=value.encode("utf-8"), partition=request["partition"], on_delivery=report)
        left = producer.flush(TIMEOUT_S)
        if left:
            raise RuntimeError("%d records not delivered within %d s" % (left, TIMEOUT_S))
        if txn["commit"]:
            producer.commit_transaction(TIMEOUT_S)
        else:
            producer.abort_transaction(TIMEOUT_S)
    return delivered


def consume(settings, request):
    config = dict(settings)
    config.update({"group.id": "txn-probe", "enable.auto.commit": False, "isolation.level": "read_committed"})
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
    delivered = run_transactions(settings, request)
    consumed = consume(settings, request) if request["read"] > 0 else []
    print(json.dumps({"delivered": delivered, "consumed": consumed}))


if __name__ == "__main__":
    try:
        main()
    except Exception as err:  # the test shows it; a traceback would hide the client's own words
        sys.stderr.write("client error: %s\n" % err)
        sys.exit(1)
