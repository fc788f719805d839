// Channels by topic, for fan-out. Private and public channels of the same name are
// different topics (as upstream's tenant topic includes the public flag).
export function topicKey(topic: string, isPrivate: boolean): string {
  return `${isPrivate ? "private" : "public"}|${topic}`;
}

export class TopicHub<Member> {
  private readonly topics = new Map<string, Set<Member>>();

  join(key: string, member: Member): void {
    let set = this.topics.get(key);
    if (!set) {
      set = new Set();
      this.topics.set(key, set);
    }
    set.add(member);
  }

  leave(key: string, member: Member): void {
    const set = this.topics.get(key);
    set?.delete(member);
    if (set?.size === 0) this.topics.delete(key);
  }

  members(key: string): Iterable<Member> {
    return this.topics.get(key) ?? [];
  }
}
