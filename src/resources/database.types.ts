// Generated from supabase/migrations and install/sql by `npm run types:gen` (scripts/database-types.ts); do not edit.
export type Json =
  | string
  | number
  | boolean
  | null
  | { [key: string]: Json | undefined }
  | Json[]

export type Database = {
  public: {
    Tables: {
      categories: {
        Row: {
          id: number
          name: string
          slug: string
          description: string | null
          version: number
          created_at: string
          updated_at: string
        }
        Insert: {
          id?: number
          name: string
          slug: string
          description?: string | null
          version?: number
          created_at?: string
          updated_at?: string
        }
        Update: {
          id?: number
          name?: string
          slug?: string
          description?: string | null
          version?: number
          created_at?: string
          updated_at?: string
        }
        Relationships: []
      }
      customers: {
        Row: {
          id: string
          full_name: string
          email: string
          phone: string | null
          country: string
          is_blocked: boolean
          notes: string | null
          version: number
          created_at: string
          updated_at: string
          search: string | null
        }
        Insert: {
          id?: string
          full_name: string
          email: string
          phone?: string | null
          country: string
          is_blocked?: boolean
          notes?: string | null
          version?: number
          created_at?: string
          updated_at?: string
          search?: never
        }
        Update: {
          id?: string
          full_name?: string
          email?: string
          phone?: string | null
          country?: string
          is_blocked?: boolean
          notes?: string | null
          version?: number
          created_at?: string
          updated_at?: string
          search?: never
        }
        Relationships: []
      }
      order_items: {
        Row: {
          id: number
          order_id: number
          product_id: number
          quantity: number
          unit_price: number
          line_total: number | null
          version: number
          created_at: string
          updated_at: string
        }
        Insert: {
          id?: number
          order_id: number
          product_id: number
          quantity: number
          unit_price: number
          line_total?: never
          version?: number
          created_at?: string
          updated_at?: string
        }
        Update: {
          id?: number
          order_id?: number
          product_id?: number
          quantity?: number
          unit_price?: number
          line_total?: never
          version?: number
          created_at?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "order_items_order_id_fkey"
            columns: ["order_id"]
            isOneToOne: false
            referencedRelation: "orders"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "order_items_product_id_fkey"
            columns: ["product_id"]
            isOneToOne: false
            referencedRelation: "products"
            referencedColumns: ["id"]
          },
        ]
      }
      orders: {
        Row: {
          id: number
          number: string
          customer_id: string
          status: Database["public"]["Enums"]["order_status"]
          total: number
          placed_at: string
          paid_at: string | null
          shipped_at: string | null
          delivered_at: string | null
          notes: string | null
          document_path: string | null
          version: number
          created_at: string
          updated_at: string
        }
        Insert: {
          id?: number
          number?: never
          customer_id: string
          status?: Database["public"]["Enums"]["order_status"]
          total?: number
          placed_at?: string
          paid_at?: string | null
          shipped_at?: string | null
          delivered_at?: string | null
          notes?: string | null
          document_path?: string | null
          version?: number
          created_at?: string
          updated_at?: string
        }
        Update: {
          id?: number
          number?: never
          customer_id?: string
          status?: Database["public"]["Enums"]["order_status"]
          total?: number
          placed_at?: string
          paid_at?: string | null
          shipped_at?: string | null
          delivered_at?: string | null
          notes?: string | null
          document_path?: string | null
          version?: number
          created_at?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "orders_customer_id_fkey"
            columns: ["customer_id"]
            isOneToOne: false
            referencedRelation: "customers"
            referencedColumns: ["id"]
          },
        ]
      }
      products: {
        Row: {
          id: number
          sku: string
          name: string
          description: string | null
          category_id: number | null
          price: number
          stock: number
          status: Database["public"]["Enums"]["product_status"]
          image_path: string | null
          tags: string[]
          version: number
          created_at: string
          updated_at: string
          search: string | null
          category_name: string | null
        }
        Insert: {
          id?: number
          sku: string
          name: string
          description?: string | null
          category_id?: number | null
          price?: number
          stock?: number
          status?: Database["public"]["Enums"]["product_status"]
          image_path?: string | null
          tags?: string[]
          version?: number
          created_at?: string
          updated_at?: string
          search?: never
          category_name?: string | null
        }
        Update: {
          id?: number
          sku?: string
          name?: string
          description?: string | null
          category_id?: number | null
          price?: number
          stock?: number
          status?: Database["public"]["Enums"]["product_status"]
          image_path?: string | null
          tags?: string[]
          version?: number
          created_at?: string
          updated_at?: string
          search?: never
          category_name?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "products_category_id_fkey"
            columns: ["category_id"]
            isOneToOne: false
            referencedRelation: "categories"
            referencedColumns: ["id"]
          },
        ]
      }
    }
    Views: {
      [_ in never]: never
    }
    Functions: {
      bulk_write: {
        Args: {
          resource: string
          action: string
          rows: Json
          changes?: Json
        }
        Returns: Json
      }
      complete_embedding_jobs: {
        Args: {
          jobs: Json
        }
        Returns: number
      }
      dashboard_kpis: {
        Args: never
        Returns: Json
      }
      import_rows: {
        Args: {
          resource: string
          rows: Json
          labels?: Json
          dry_run?: boolean
        }
        Returns: Json
      }
      merge_customers: {
        Args: {
          keep_id: string
          keep_version: number
          duplicate_id: string
          duplicate_version: number
        }
        Returns: Json
      }
      order_next_statuses: {
        Args: {
          status: Database["public"]["Enums"]["order_status"]
        }
        Returns: Database["public"]["Enums"]["order_status"][]
      }
      order_transitions: {
        Args: never
        Returns: Json
      }
      orders_per_day: {
        Args: {
          days?: number
        }
        Returns: {
          day: string
          day_from: string
          day_to: string
          orders: number
          revenue: number
        }[]
      }
      revenue_by_category: {
        Args: {
          days?: number
        }
        Returns: {
          category_id: number
          category_name: string
          revenue: number
          items: number
        }[]
      }
      search_all: {
        Args: {
          q: string
          per_resource?: number
        }
        Returns: {
          resource: string
          id: string
          title: string
          subtitle: string
          details: Json
          tier: number
        }[]
      }
      search_audit_log: {
        Args: {
          q: string
          filters?: Json
          sort?: string
          descending?: boolean
          page_offset?: number
          page_limit?: number
        }
        Returns: Database["opsdesk"]["Tables"]["audit_log"]["Row"][]
      }
      search_categories: {
        Args: {
          q: string
          filters?: Json
          sort?: string
          descending?: boolean
          page_offset?: number
          page_limit?: number
        }
        Returns: Database["public"]["Tables"]["categories"]["Row"][]
      }
      search_count: {
        Args: {
          resource: string
          q: string
          filters?: Json
        }
        Returns: Json
      }
      search_customers: {
        Args: {
          q: string
          filters?: Json
          sort?: string
          descending?: boolean
          page_offset?: number
          page_limit?: number
        }
        Returns: Database["public"]["Tables"]["customers"]["Row"][]
      }
      search_orders: {
        Args: {
          q: string
          filters?: Json
          sort?: string
          descending?: boolean
          page_offset?: number
          page_limit?: number
        }
        Returns: Database["public"]["Tables"]["orders"]["Row"][]
      }
      search_products: {
        Args: {
          q: string
          filters?: Json
          sort?: string
          descending?: boolean
          page_offset?: number
          page_limit?: number
        }
        Returns: Database["public"]["Tables"]["products"]["Row"][]
      }
    }
    Enums: {
      order_status: "pending" | "paid" | "shipped" | "delivered" | "cancelled" | "refunded"
      product_status: "draft" | "active" | "archived"
    }
    CompositeTypes: {
      [_ in never]: never
    }
  }
  opsdesk: {
    Tables: {
      audit_log: {
        Row: {
          id: number
          at: string
          actor_id: string | null
          actor_email: string | null
          schema_name: string
          table_name: string
          record_id: string | null
          record_key: Json | null
          action: string
          old: Json | null
          new: Json | null
          changed: string[] | null
          history_of: string | null
        }
        Insert: {
          id?: number
          at?: string
          actor_id?: string | null
          actor_email?: string | null
          schema_name: string
          table_name: string
          record_id?: string | null
          record_key?: Json | null
          action: string
          old?: Json | null
          new?: Json | null
          changed?: string[] | null
          history_of?: never
        }
        Update: {
          id?: number
          at?: string
          actor_id?: string | null
          actor_email?: string | null
          schema_name?: string
          table_name?: string
          record_id?: string | null
          record_key?: Json | null
          action?: string
          old?: Json | null
          new?: Json | null
          changed?: string[] | null
          history_of?: never
        }
        Relationships: []
      }
      file_removals: {
        Row: {
          bucket_id: string
          name: string
          queued_at: string
        }
        Insert: {
          bucket_id: string
          name: string
          queued_at?: string
        }
        Update: {
          bucket_id?: string
          name?: string
          queued_at?: string
        }
        Relationships: []
      }
      installed: {
        Row: {
          version: string
          name: string
          installed_at: string
        }
        Insert: {
          version: string
          name: string
          installed_at?: string
        }
        Update: {
          version?: string
          name?: string
          installed_at?: string
        }
        Relationships: []
      }
      list_columns: {
        Row: {
          user_id: string
          resource: string
          columns: string[]
          widths: Json
          updated_at: string
        }
        Insert: {
          user_id?: string
          resource: string
          columns: string[]
          widths?: Json
          updated_at?: string
        }
        Update: {
          user_id?: string
          resource?: string
          columns?: string[]
          widths?: Json
          updated_at?: string
        }
        Relationships: []
      }
      managed_tables: {
        Row: {
          schema_name: string
          table_name: string
          relid: number | null
          allow_without_rls: boolean
          granted: string[]
          restricted: string[]
          managed_at: string
          managed_by: string | null
          audit_signature: string | null
        }
        Insert: {
          schema_name: string
          table_name: string
          relid?: number | null
          allow_without_rls?: boolean
          granted?: string[]
          restricted?: string[]
          managed_at?: string
          managed_by?: string | null
          audit_signature?: string | null
        }
        Update: {
          schema_name?: string
          table_name?: string
          relid?: number | null
          allow_without_rls?: boolean
          granted?: string[]
          restricted?: string[]
          managed_at?: string
          managed_by?: string | null
          audit_signature?: string | null
        }
        Relationships: []
      }
      operators: {
        Row: {
          user_id: string
          email: string | null
          full_name: string | null
          role: string
          active: boolean
          created_at: string
          updated_at: string
        }
        Insert: {
          user_id: string
          email?: string | null
          full_name?: string | null
          role?: string
          active?: boolean
          created_at?: string
          updated_at?: string
        }
        Update: {
          user_id?: string
          email?: string | null
          full_name?: string | null
          role?: string
          active?: boolean
          created_at?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "operators_role_fkey"
            columns: ["role"]
            isOneToOne: false
            referencedRelation: "roles"
            referencedColumns: ["name"]
          },
        ]
      }
      permissions: {
        Row: {
          role: string
          schema_name: string
          table_name: string
          action: string
        }
        Insert: {
          role: string
          schema_name: string
          table_name: string
          action: string
        }
        Update: {
          role?: string
          schema_name?: string
          table_name?: string
          action?: string
        }
        Relationships: [
          {
            foreignKeyName: "permissions_role_fkey"
            columns: ["role"]
            isOneToOne: false
            referencedRelation: "roles"
            referencedColumns: ["name"]
          },
          {
            foreignKeyName: "permissions_table_fkey"
            columns: ["schema_name","table_name"]
            isOneToOne: false
            referencedRelation: "managed_tables"
            referencedColumns: ["schema_name","table_name"]
          },
        ]
      }
      preferences: {
        Row: {
          user_id: string
          theme: string
          locale: string
          extra: Json
          updated_at: string
        }
        Insert: {
          user_id?: string
          theme?: string
          locale?: string
          extra?: Json
          updated_at?: string
        }
        Update: {
          user_id?: string
          theme?: string
          locale?: string
          extra?: Json
          updated_at?: string
        }
        Relationships: []
      }
      record_viewers: {
        Row: {
          topic: string
          user_id: string
          tab: string
          editing: boolean
          seen_at: string
        }
        Insert: {
          topic: string
          user_id: string
          tab: string
          editing: boolean
          seen_at?: string
        }
        Update: {
          topic?: string
          user_id?: string
          tab?: string
          editing?: boolean
          seen_at?: string
        }
        Relationships: []
      }
      roles: {
        Row: {
          name: string
          description: string | null
          builtin: boolean
          created_at: string
        }
        Insert: {
          name: string
          description?: string | null
          builtin?: boolean
          created_at?: string
        }
        Update: {
          name?: string
          description?: string | null
          builtin?: boolean
          created_at?: string
        }
        Relationships: []
      }
      saved_views: {
        Row: {
          id: string
          owner: string
          resource: string
          name: string
          filters: Json
          sorters: Json
          columns: string[] | null
          page_size: number
          is_default: boolean
          created_at: string
          updated_at: string
        }
        Insert: {
          id?: string
          owner?: string
          resource: string
          name: string
          filters?: Json
          sorters?: Json
          columns?: string[] | null
          page_size?: number
          is_default?: boolean
          created_at?: string
          updated_at?: string
        }
        Update: {
          id?: string
          owner?: string
          resource?: string
          name?: string
          filters?: Json
          sorters?: Json
          columns?: string[] | null
          page_size?: number
          is_default?: boolean
          created_at?: string
          updated_at?: string
        }
        Relationships: []
      }
      state: {
        Row: {
          id: boolean
          version: number
          ddl_watch: boolean
          api_schemas: string[] | null
        }
        Insert: {
          id?: boolean
          version?: number
          ddl_watch?: boolean
          api_schemas?: string[] | null
        }
        Update: {
          id?: boolean
          version?: number
          ddl_watch?: boolean
          api_schemas?: string[] | null
        }
        Relationships: []
      }
      table_settings: {
        Row: {
          schema_name: string
          table_name: string
          settings: Json
          updated_at: string
          updated_by: string | null
        }
        Insert: {
          schema_name: string
          table_name: string
          settings?: Json
          updated_at?: string
          updated_by?: string | null
        }
        Update: {
          schema_name?: string
          table_name?: string
          settings?: Json
          updated_at?: string
          updated_by?: string | null
        }
        Relationships: []
      }
    }
    Views: {
      [_ in never]: never
    }
    Functions: {
      add_operator: {
        Args: {
          email: string
          role?: string
          full_name?: string
        }
        Returns: string
      }
      allowed_tables: {
        Args: {
          action: string
        }
        Returns: string[]
      }
      audit_excluded: {
        Args: {
          rel: number
        }
        Returns: string[]
      }
      audit_hooks: {
        Args: {
          rel: number
        }
        Returns: undefined
      }
      audit_signature: {
        Args: {
          rel: number
        }
        Returns: string
      }
      audit_sql: {
        Args: {
          rel: number
          op: string
          params?: string[]
          into_target?: string
        }
        Returns: string
      }
      authenticated_holds: {
        Args: {
          rel: number
          priv: string
        }
        Returns: boolean
      }
      bulk_write: {
        Args: {
          schema_name: string
          table_name: string
          action: string
          rows: Json
          changes?: Json
        }
        Returns: Json
      }
      bump_version: {
        Args: never
        Returns: number
      }
      caller_role: {
        Args: never
        Returns: string
      }
      can: {
        Args: {
          schema_name: string
          table_name: string
          action: string
        }
        Returns: boolean
      }
      can_rel: {
        Args: {
          rel: number
          action: string
        }
        Returns: boolean
      }
      channel_table: {
        Args: {
          topic: string
          kind: string
        }
        Returns: string[]
      }
      column_widths_valid: {
        Args: {
          widths: Json
        }
        Returns: boolean
      }
      describe: {
        Args: never
        Returns: Json
      }
      describe_relation: {
        Args: {
          rel: number
          managed: boolean
          permissions: Json
        }
        Returns: Json
      }
      enum_values: {
        Args: {
          typ: number
        }
        Returns: Json
      }
      equality_operator: {
        Args: {
          typ: number
        }
        Returns: string
      }
      exposed_schemas: {
        Args: never
        Returns: string[]
      }
      exposure: {
        Args: {
          rel: number
        }
        Returns: Json
      }
      fail: {
        Args: {
          code: string
          msg: string
          info?: string
        }
        Returns: undefined
      }
      file_access: {
        Args: {
          bucket: string
          object_name: string
          actions: string[]
        }
        Returns: boolean
      }
      file_buckets: {
        Args: never
        Returns: {
          id: string
          public: boolean
          file_size_limit: number
          allowed_mime_types: string[]
        }[]
      }
      file_removal_hook: {
        Args: {
          rel: number
          settings: Json
        }
        Returns: undefined
      }
      file_removals: {
        Args: never
        Returns: {
          bucket: string
          object_name: string
        }[]
      }
      file_still_named: {
        Args: {
          bucket: string
          object_name: string
        }
        Returns: boolean
      }
      filter_sql: {
        Args: {
          rel: number
          filters: Json
        }
        Returns: string
      }
      guard: {
        Args: {
          rel: number
          cmd: string
        }
        Returns: boolean
      }
      history: {
        Args: {
          schema_name: string
          table_name: string
          key: Json
          page_limit?: number
          before_id?: number
        }
        Returns: Database["opsdesk"]["Tables"]["audit_log"]["Row"][]
      }
      import_rows: {
        Args: {
          schema_name: string
          table_name: string
          rows: Json
          labels?: Json
          dry_run?: boolean
        }
        Returns: Json
      }
      install_audit: {
        Args: {
          rel: number
        }
        Returns: undefined
      }
      is_admin: {
        Args: never
        Returns: boolean
      }
      is_file_column_object: {
        Args: {
          schema_name: string
          table_name: string
          column_name: string
          object_name: string
        }
        Returns: boolean
      }
      is_operator: {
        Args: never
        Returns: boolean
      }
      is_system_schema: {
        Args: {
          name: string
        }
        Returns: boolean
      }
      is_trusted_caller: {
        Args: never
        Returns: boolean
      }
      key_columns: {
        Args: {
          rel: number
        }
        Returns: string[]
      }
      key_of: {
        Args: {
          r: Json
          key_columns: string[]
        }
        Returns: Json
      }
      key_sql: {
        Args: {
          key_columns: string[]
          alias: string
        }
        Returns: string[]
      }
      like_escape: {
        Args: {
          words: string
        }
        Returns: string
      }
      make_admin: {
        Args: {
          email: string
        }
        Returns: string
      }
      manage_existing: {
        Args: never
        Returns: number
      }
      manage_table: {
        Args: {
          schema_name: string
          table_name: string
          allow_without_rls?: boolean
        }
        Returns: Json
      }
      managed_relid: {
        Args: {
          schema_name: string
          table_name: string
        }
        Returns: number
      }
      may_join: {
        Args: {
          topic: string
        }
        Returns: boolean
      }
      may_send: {
        Args: {
          topic: string
        }
        Returns: boolean
      }
      mfa_ok: {
        Args: never
        Returns: boolean
      }
      my_access: {
        Args: never
        Returns: Json
      }
      normalised_keys: {
        Args: {
          rel: number
          key_columns: string[]
          rows: Json
        }
        Returns: Json[]
      }
      notify_change: {
        Args: {
          schema_name: string
          table_name: string
          op: string
          keys: Json
        }
        Returns: undefined
      }
      object_buckets: {
        Args: never
        Returns: {
          id: string
          public: boolean
          file_size_limit: number
          allowed_mime_types: string[]
        }[]
      }
      operator_list: {
        Args: never
        Returns: {
          user_id: string
          email: string
          full_name: string
          role: string
          active: boolean
          created_at: string
          last_sign_in_at: string
          invited_at: string
          mfa: boolean
          email_confirmed_at: string
          opsdesk_invited: boolean
        }[]
      }
      operator_role: {
        Args: never
        Returns: string
      }
      record_id: {
        Args: {
          key: Json
        }
        Returns: string
      }
      record_presence: {
        Args: {
          schema_name: string
          table_name: string
          record_id: string
          tab: string
          mode?: string
        }
        Returns: Json
      }
      record_presence_leave: {
        Args: {
          schema_name: string
          table_name: string
          record_id: string
          tab: string
        }
        Returns: Json
      }
      record_viewers_change: {
        Args: {
          the_topic: string
          the_tab: string
          is_editing: boolean
        }
        Returns: Json
      }
      record_viewers_of: {
        Args: {
          topic: string
        }
        Returns: Json
      }
      record_viewers_topic: {
        Args: {
          schema_name: string
          table_name: string
          record_id: string
          tab: string
        }
        Returns: string
      }
      relation: {
        Args: {
          schema_name: string
          table_name: string
        }
        Returns: number
      }
      remove_hooks: {
        Args: {
          rel: number
        }
        Returns: undefined
      }
      require_admin: {
        Args: never
        Returns: undefined
      }
      require_can: {
        Args: {
          schema_name: string
          table_name: string
          action: string
        }
        Returns: undefined
      }
      require_operator: {
        Args: never
        Returns: undefined
      }
      restrictive_select_sql: {
        Args: {
          rel: number
        }
        Returns: string
      }
      schema_version: {
        Args: never
        Returns: string
      }
      search: {
        Args: {
          schema_name: string
          table_name: string
          q: string
          filters?: Json
          sort?: string
          descending?: boolean
          page_offset?: number
          page_limit?: number
        }
        Returns: Json
      }
      search_columns: {
        Args: {
          rel: number
        }
        Returns: string[]
      }
      search_count: {
        Args: {
          schema_name: string
          table_name: string
          q: string
          filters?: Json
        }
        Returns: Json
      }
      search_target: {
        Args: {
          schema_name: string
          table_name: string
        }
        Returns: number
      }
      search_where: {
        Args: {
          rel: number
          q: string
          filters: Json
        }
        Returns: string
      }
      set_api_schemas: {
        Args: {
          schemas: string[]
        }
        Returns: string[]
      }
      set_my_name: {
        Args: {
          full_name: string
        }
        Returns: string
      }
      set_table_settings: {
        Args: {
          schema_name: string
          table_name: string
          settings: Json
        }
        Returns: Json
      }
      storage_buckets: {
        Args: never
        Returns: {
          id: string
          public: boolean
          file_size_limit: number
          allowed_mime_types: string[]
        }[]
      }
      stored_objects: {
        Args: {
          q?: string
          ids?: string[]
          bucket?: string
          page_limit?: number
        }
        Returns: {
          id: string
          bucket_id: string
          name: string
          size: number
          mimetype: string
          created_at: string
        }[]
      }
      sync_catalog: {
        Args: {
          changed?: number[]
        }
        Returns: undefined
      }
      type_category: {
        Args: {
          typ: number
        }
        Returns: string
      }
      unmanage_table: {
        Args: {
          schema_name: string
          table_name: string
        }
        Returns: undefined
      }
      user_emails: {
        Args: {
          ids: string[]
        }
        Returns: {
          id: string
          email: string
        }[]
      }
      writes_object_keys: {
        Args: never
        Returns: boolean
      }
    }
    Enums: {
      [_ in never]: never
    }
    CompositeTypes: {
      [_ in never]: never
    }
  }
}

type DatabaseWithoutInternals = Omit<Database, "__InternalSupabase">

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, "public">]

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])[TableName] extends {
      Row: infer R
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] &
        DefaultSchema["Views"])
    ? (DefaultSchema["Tables"] &
        DefaultSchema["Views"])[DefaultSchemaTableNameOrOptions] extends {
        Row: infer R
      }
      ? R
      : never
    : never

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Insert: infer I
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Insert: infer I
      }
      ? I
      : never
    : never

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Update: infer U
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Update: infer U
      }
      ? U
      : never
    : never

export type Enums<
  DefaultSchemaEnumNameOrOptions extends
    | keyof DefaultSchema["Enums"]
    | { schema: keyof DatabaseWithoutInternals },
  EnumName extends DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"]
    : never = never,
> = DefaultSchemaEnumNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"]
    ? DefaultSchema["Enums"][DefaultSchemaEnumNameOrOptions]
    : never

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    | keyof DefaultSchema["CompositeTypes"]
    | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"]
    : never = never,
> = PublicCompositeTypeNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema["CompositeTypes"]
    ? DefaultSchema["CompositeTypes"][PublicCompositeTypeNameOrOptions]
    : never

export const Constants = {
  public: {
    Enums: {
      order_status: ["pending","paid","shipped","delivered","cancelled","refunded"],
      product_status: ["draft","active","archived"],
    },
  },
  opsdesk: {
    Enums: {},
  },
} as const
