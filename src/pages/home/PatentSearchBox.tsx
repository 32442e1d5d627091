import { SearchOutlined } from "@ant-design/icons";
import { Button, Input, Space } from "antd";
import { useState } from "react";
import { useT } from "../../i18n/I18nContext";
import { keepSearchInput, readSearchInput } from "./searchInputVal";

/** The patent search box; its text survives reloads and the detour through the login page. */
export function PatentSearchBox({ onSearch, busy }: { onSearch: (keywords: string) => void; busy: boolean }) {
  const t = useT();
  const [text, setText] = useState(readSearchInput);

  const change = (next: string) => {
    setText(next);
    keepSearchInput(next);
  };

  return (
    <Space.Compact style={{ width: "100%", maxWidth: 720 }} size="large">
      <Input
        value={text}
        onChange={(event) => change(event.target.value)}
        onPressEnter={() => onSearch(text.trim())}
        placeholder={t("account.home.searchPlaceholder")}
        allowClear
        data-testid="home-search-input"
      />
      <Button
        type="primary"
        icon={<SearchOutlined aria-hidden />}
        loading={busy}
        onClick={() => onSearch(text.trim())}
        data-testid="home-search-submit"
      >
        {t("account.home.search")}
      </Button>
    </Space.Compact>
  );
}
