// On the customer create form: once a name and an e-mail are typed, existing
// customers at least as alike as the duplicate threshold are offered, so the
// operator can open one instead of entering the same person twice.
import { useTranslate } from "@refinedev/core";
import { useQuery } from "@tanstack/react-query";
import { Alert, Form, List, Tag } from "antd";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { customerMatches, useSimilarityFormat } from "./vectorApi";

/** Typing pauses this long before the function is asked. */
const SETTLE_MS = 400;

function useSettled<T>(value: T): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

export function PossibleDuplicates() {
  const t = useTranslate();
  const format = useSimilarityFormat();
  const form = Form.useFormInstance();
  const fullName = useSettled(((Form.useWatch("full_name", form) as string | undefined) ?? "").trim());
  const email = useSettled(((Form.useWatch("email", form) as string | undefined) ?? "").trim());
  const matches = useQuery({
    queryKey: ["similar", "customers", fullName, email],
    queryFn: () => customerMatches(fullName, email),
    enabled: fullName.length > 0 && email.includes("@"),
  });
  if (!matches.data?.length) return null;
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      data-testid="possible-duplicates"
      message={t("similar.customers.title", "Possible duplicates: this customer may exist already.")}
      description={
        <List
          size="small"
          dataSource={matches.data}
          renderItem={(match) => (
            <List.Item extra={<Tag>{format(match.similarity)}</Tag>}>
              <Link to={`/customers/${match.id}`}>{match.full_name}</Link> · {match.email}
            </List.Item>
          )}
        />
      }
    />
  );
}
